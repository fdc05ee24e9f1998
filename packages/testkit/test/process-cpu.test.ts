import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../src/database';
import { processCpuMs } from '../src/process-cpu';

const migrationsDir = mkdtempSync(join(tmpdir(), 'yv-testkit-cpu-migrations-'));
writeFileSync(join(migrationsDir, '1700000000000_none.sql'), '-- Up Migration\n-- Down Migration\n');
afterAll(() => rmSync(migrationsDir, { recursive: true, force: true }));

describe('processCpuMs', () => {
  it("counts the backends of the scope's database, and none when the scope names no database", async () => {
    const db = await createTestDatabase({ migrationsDir });
    try {
      // Enough work for the backend to show at least one 10 ms tick.
      await db.pool.query('SELECT count(*) FROM generate_series(1, 3000000)');
      const scoped = processCpuMs({ database: db.name });
      expect(scoped.postgres).toBeGreaterThan(0);
      expect(processCpuMs({ database: `${db.name}_other` }).postgres).toBeUndefined();
      expect(processCpuMs({})).toEqual({});
    } finally {
      await db.drop();
    }
  });
});
