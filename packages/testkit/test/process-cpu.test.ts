import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../src/database';
import { cpuSince, processCpuMs } from '../src/process-cpu';

const migrationsDir = mkdtempSync(join(tmpdir(), 'yv-testkit-cpu-migrations-'));
writeFileSync(join(migrationsDir, '1700000000000_none.sql'), '-- Up Migration\n-- Down Migration\n');
afterAll(() => rmSync(migrationsDir, { recursive: true, force: true }));

const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

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

  it("counts this process's CPU and the scope's since the count began", async () => {
    const db = await createTestDatabase({ migrationsDir });
    try {
      // CPU the backend ran before the count began, which the count must leave out.
      await db.pool.query('SELECT count(*) FROM generate_series(1, 3000000)');
      expect(processCpuMs({ database: db.name }).postgres).toBeGreaterThan(0);
      const cpu = cpuSince({ database: db.name });
      await db.pool.query('SELECT count(*) FROM generate_series(1, 3000000)');
      // 50 ms of this process's own CPU, not of the wall clock: on a busy machine a spin is descheduled.
      const spunFrom = process.cpuUsage();
      while (cpuMs(process.cpuUsage(spunFrom)) < 50);
      const used = cpu();
      expect(used.self).toBeGreaterThanOrEqual(40);
      expect(used.postgres).toBeGreaterThan(0);
      expect(used.node).toBeUndefined();
      expect(used.postgres).toBeLessThan(processCpuMs({ database: db.name }).postgres!);
    } finally {
      await db.drop();
    }
  });
});
