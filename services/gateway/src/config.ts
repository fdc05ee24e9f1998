import { common, int, parseEnv, port, string, type ConfigOf } from '@yv/config';

export const gatewaySpec = {
  ...common,
  PORT: port({ default: 3000 }),
  HOST: string({ default: '127.0.0.1' }),
  /** Public base URL written into the OpenAPI document's servers entry. */
  PUBLIC_BASE_URL: string({ default: 'http://127.0.0.1:3000' }),
  BODY_LIMIT_BYTES: int({ default: 65_536, min: 1_024, max: 1_048_576 }),
};

export type GatewayConfig = ConfigOf<typeof gatewaySpec>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return parseEnv(gatewaySpec, env);
}
