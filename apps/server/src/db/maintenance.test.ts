import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { maintainTables } from './maintenance';
import { pgliteTemplates } from '../test/harness';

/** PostgreSQL publishes a backend's table counters at most once a second; wait until they show `check`. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 50 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('embedded database maintenance', () => {
  const opening = openDatabase(pgliteTemplates());
  afterAll(async () => (await opening).close());

  it('analyzes a table once enough of it changed, vacuums it once enough of it is dead, and leaves it alone otherwise', async () => {
    const database = await opening;
    const stats = async () =>
      (
        await database.executeSql(
          `SELECT c.reltuples::int AS tuples, s.n_dead_tup::int AS dead, s.n_mod_since_analyze::int AS changed, s.last_analyze, s.last_vacuum
             FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'maintenance_probe'`,
          [],
        )
      ).rows[0] as { tuples: number; dead: number; changed: number; last_analyze: Date | null; last_vacuum: Date | null };
    await database.executeSql('CREATE TABLE maintenance_probe (id int PRIMARY KEY, note text)');
    await database.executeSql(`INSERT INTO maintenance_probe SELECT i, md5(i::text) FROM generate_series(1, 1000) AS i`);
    await eventually(async () => (await stats()).changed >= 1000);
    expect(await stats()).toMatchObject({ tuples: -1, last_analyze: null });

    expect((await maintainTables(database)).analyzed).toContain('public.maintenance_probe');
    expect(await stats()).toMatchObject({ tuples: 1000, changed: 0 });
    expect((await stats()).last_analyze).not.toBeNull();

    // 40 changed rows of 1,000 is under 50 + 10%: nothing to do.
    await database.executeSql('UPDATE maintenance_probe SET note = $1 WHERE id <= 40', ['changed']);
    await eventually(async () => (await stats()).changed >= 40);
    const quiet = await maintainTables(database);
    expect([...quiet.analyzed, ...quiet.vacuumed]).not.toContain('public.maintenance_probe');

    // 400 dead rows of 1,000 is over 50 + 20%: vacuumed (and analyzed with it).
    await database.executeSql('DELETE FROM maintenance_probe WHERE id > 600');
    await eventually(async () => (await stats()).dead >= 400);
    expect((await maintainTables(database)).vacuumed).toContain('public.maintenance_probe');
    expect(await stats()).toMatchObject({ tuples: 600, dead: 0 });
    expect((await stats()).last_vacuum).not.toBeNull();
  });
});
