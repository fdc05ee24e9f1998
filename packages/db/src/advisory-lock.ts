import { Client } from 'pg';

/** Every advisory lock key our processes take, in one place so that none collide. */
export const ADVISORY_LOCKS = {
  migrations: 4_159_700_501n,
  watcher: 4_159_700_502n,
  /** One indexer writer per followed chain. */
  indexer: (chainId: number) => 4_159_700_600n + BigInt(chainId),
} as const;

/**
 * A dedicated connection holding a session advisory lock (never a pooled one: the lock must live exactly as long
 * as this replica's session). Postgres releases it when the session ends, so a replica that dies or loses its
 * connection hands over to the next one without any cleanup.
 */
export interface AdvisoryLockSession {
  /** Takes the lock if free; true when this session holds it afterwards. */
  tryAcquire(): Promise<boolean>;
  /** Resolves with the reason once the connection is gone, and the lock with it. */
  readonly lost: Promise<Error>;
  /** Ends the session, releasing the lock. */
  close(): Promise<void>;
}

export async function openAdvisoryLockSession(
  databaseUrl: string,
  key: bigint,
  applicationName: string,
): Promise<AdvisoryLockSession> {
  const client = new Client({
    connectionString: databaseUrl,
    application_name: applicationName,
    keepAlive: true,
  });
  let markLost!: (error: Error) => void;
  const lost = new Promise<Error>((resolve) => (markLost = resolve));
  client.on('error', (error) => markLost(error));
  client.on('end', () => markLost(new Error('advisory lock connection ended')));
  await client.connect();
  return {
    async tryAcquire() {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [key.toString()],
      );
      return rows[0]?.locked === true;
    },
    lost,
    async close() {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
