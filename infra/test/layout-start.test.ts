// layouts: both
/**
 * A deployment manifest whose contracts do not answer as its contractVersion stops every chain-reading service at
 * start, with a message naming what answered wrong.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeDeployment } from '../../packages/devnet/src';
import { freePort, useDevnetVault, useTestDatabase } from '../../packages/testkit/src';
import { startService } from './support/processes';

jest.setTimeout(120_000);

const vault = useDevnetVault();
const db = useTestDatabase();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'yv-layout-start-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What each service needs beyond the manifest to get as far as its start check. */
const extraEnv = async (script: string): Promise<Record<string, string>> => {
  if (!script.includes('gateway')) return {};
  const port = await freePort();
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    QUEUE_PREFIX: `yv-layout-start-${port}`,
    BRIDGE_API_URL: 'http://127.0.0.1:9/bridge',
    CRON_SECRET: 'a-cron-secret-of-at-least-32-characters',
  };
};

it.each(['services/indexer/src/main.ts', 'services/watcher/src/main.ts', 'services/gateway/src/main.ts'])(
  '%s stops at start on a manifest naming the other layout',
  async (script) => {
    const version = vault.deployment.contractVersion === 'svc-pipe-v2' ? 'svc-vault-v3' : 'svc-pipe-v2';
    const file = path.join(dir, `${path.basename(path.dirname(path.dirname(script)))}.json`);
    writeDeployment(file, { ...vault.deployment, contractVersion: version });
    const service = await startService(script, {
      DEPLOYMENT_FILE: file,
      RPC_URL: vault.rpcUrl,
      DATABASE_URL: db.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...(await extraEnv(script)),
    });
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(`do not answer as ${version}`);
  },
);
