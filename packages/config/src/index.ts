export { toChecksumAddress, type Address } from './address';
export { common, DEFAULT_DEPLOYMENT_FILE, LOG_LEVELS, rpcEndpointsOf, type LogLevel } from './common';
export {
  DEPLOYMENT_CONTRACTS,
  readDeployment,
  type ContractVersion,
  type Deployment,
  type DeploymentContract,
} from './deployment';
export { ConfigError, type ConfigProblem } from './errors';
export {
  bigint,
  bool,
  duration,
  durationList,
  endpointLabel,
  int,
  list,
  oneOf,
  port,
  rpcEndpointList,
  secret,
  string,
  url,
  type Check,
  type Field,
  type Out,
  type Presence,
  type RpcEndpoint,
} from './fields';
export { describeConfig, parseEnv, type ConfigOf, type Env, type EnvSpec } from './parse-env';
export * from './product';
export { webhookEventRetention, webhookRetrySchedule } from './webhooks';
