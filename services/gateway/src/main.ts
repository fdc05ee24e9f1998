import pino from 'pino';
import { ConfigError } from '@yv/config';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi } from '@yv/schemas';
import { createApp } from './app';
import { loadGatewayConfig } from './config';

function main(): void {
  let config;
  try {
    config = loadGatewayConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'gateway' } });
  const app = createApp({
    log,
    metrics: createServiceMetrics('gateway'),
    openApi: buildOpenApi({ serverUrl: config.PUBLIC_BASE_URL }),
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    routers: [],
  });
  app.listen(config.PORT, config.HOST, () => log.info({ port: config.PORT }, 'gateway listening'));
}

main();
