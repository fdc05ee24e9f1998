export { createLog, serviceLogger, toLog, warnLostConnection, type Log } from './log';
export { holdLeadership, type LeaderLockSession, type LeadershipOptions, type TermEnd } from './leadership';
export { startLoop, type Loop, type LoopOptions } from './loop';
export { runService, type ServiceOptions, type ServiceState, type StartedService } from './service';
export { sleep } from './sleep';
export { withTimeout } from './timeout';
export { batched, type BatchOptions, type Batched } from './batch';
export { bullmqConnection, REDIS_RECONNECT_MAX_MS } from './redis';
