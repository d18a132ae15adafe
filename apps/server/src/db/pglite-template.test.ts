import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpToDate, openDatabase, writePgliteTemplate, type Database } from './client';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'parley-template-'));

/** The seeded plans' oldest `updated_at`: set by the migration that inserted them, so it tells when the database was made. */
async function seededAt(database: Database): Promise<Date> {
  const [row] = (await database.executeSql('SELECT min(updated_at) AS at FROM subscription_tier_limits')).rows as { at: Date | string }[];
  return new Date(row!.at);
}

/** Decisions §80: a new embedded data directory starts from the build's migrated template instead of initdb. */
describe('the embedded database template', () => {
  let template = '';
  let written = new Date();
  beforeAll(async () => {
    template = path.join(scratch(), 'pglite-template');
    await writePgliteTemplate(template);
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    written = new Date();
  });

  it('a new data directory starts as a copy of it: migrated, searchable, and kept on disk like any other', async () => {
    const dir = path.join(scratch(), 'pglite');
    const opening = new Date();
    const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      // Made when the template was, before this open began: copied, not created anew.
      expect((await seededAt(database)).getTime()).toBeLessThanOrEqual(written.getTime());
      expect((await seededAt(database)).getTime()).toBeLessThan(opening.getTime());
      expect(await migrationsUpToDate((text) => database.executeSql(text))).toBe(true);
      expect(database.vectorSearch).toBe('pgvector');
      await database.db.execute(sql`INSERT INTO system_configuration (id) VALUES (2)`);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    // Opened again, it is an existing directory: the template is not read, and what was written stays.
    const again = await openDatabase({ pgliteDir: dir, pgliteTemplate: path.join(scratch(), 'absent') });
    try {
      expect((await again.executeSql('SELECT count(*)::int AS n FROM system_configuration WHERE id = 2')).rows).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  });

  it('a template PGlite cannot open (another version, a broken copy): the new directory is created as without one', async () => {
    const broken = path.join(scratch(), 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'PG_VERSION'), '9\n');
    const opening = new Date();
    const database = await openDatabase({ pgliteDir: path.join(scratch(), 'pglite'), pgliteTemplate: broken });
    try {
      expect((await seededAt(database)).getTime()).toBeGreaterThanOrEqual(opening.getTime() - 1000);
      expect(await migrationsUpToDate((text) => database.executeSql(text))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
