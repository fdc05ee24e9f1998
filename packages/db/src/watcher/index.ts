export * from './vault-snapshots';
export * from './hlp-snapshots';
export * from './keeper-heartbeats';
export * from './readiness';
