/** `pnpm db:migrate [up|down]`: applies pending migrations (or reverts the last one) against DATABASE_URL. */
import { common, ConfigError, parseEnv } from '@yv/config';
import { ensureDatabase } from './admin';
import { runMigrations } from './migrate';

async function migrate(direction: 'up' | 'down'): Promise<void> {
  const { DATABASE_URL } = parseEnv({ DATABASE_URL: common.DATABASE_URL }, process.env);
  if (await ensureDatabase(DATABASE_URL))
    console.log(`created database ${new URL(DATABASE_URL).pathname.slice(1)}`);
  const applied = await runMigrations({
    databaseUrl: DATABASE_URL,
    direction,
    log: (line) => console.log(line),
  });
  console.log(
    applied.length === 0
      ? 'schema is current'
      : `${direction === 'up' ? 'applied' : 'reverted'} ${applied.join(', ')}`,
  );
}

const direction = process.argv[2] ?? 'up';
if (direction === 'up' || direction === 'down') {
  migrate(direction).catch((error: unknown) => {
    // A ConfigError's message already lists every problem; its stack would only bury them.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  });
} else {
  console.error(`usage: pnpm db:migrate [up|down], got "${direction}"`);
  process.exitCode = 2;
}
