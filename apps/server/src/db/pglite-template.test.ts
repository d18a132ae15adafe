import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpToDate, openDatabase, TEMPLATE_SEEDED_TABLES, writePgliteTemplate, type Database } from './client';
import { allowMigrations } from '../test/template-guard';

allowMigrations('writing the embedded template and opening databases with and without it');

const scratch = () => mkdtempSync(path.join(tmpdir(), 'parley-template-'));

/** The seeded plans' oldest `updated_at`: set by the migration that inserted them, so it tells when the database was made. */
async function seededAt(database: Database): Promise<Date> {
  const [row] = (await database.executeSql('SELECT min(updated_at) AS at FROM subscription_tier_limits')).rows as { at: Date | string }[];
  return new Date(row!.at);
}

/** Every `created_at` and `updated_at` of the rows the migrations inserted. */
async function seededStamps(database: Database): Promise<Date[]> {
  const stamps: Date[] = [];
  for (const table of TEMPLATE_SEEDED_TABLES) {
    for (const column of Object.values(getTableColumns(table))) {
      if (column.name !== 'created_at' && column.name !== 'updated_at') continue;
      const rows = (await database.executeSql(`SELECT "${column.name}" AS at FROM "${getTableName(table)}"`)).rows as { at: Date | string }[];
      stamps.push(...rows.map((row) => new Date(row.at)));
    }
  }
  return stamps;
}

/** A row the template holds and a database created anew does not: written into the template after the build made it. */
const MARKER = `INSERT INTO system_configuration (id) VALUES (7)`;

/** decisions/0028-start-up.md: a new embedded data directory starts from the build's migrated template instead of initdb. */
describe('the embedded database template', () => {
  let template = '';
  let written = new Date();
  beforeAll(async () => {
    template = path.join(scratch(), 'pglite-template');
    await writePgliteTemplate(template);
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    written = new Date();
    const writing = await openDatabase({ pgliteDir: template });
    try {
      // The tables holding rows after the migrations are the ones a first start stamps, each with at least one stamp.
      const tables = (await writing.executeSql(`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`))
        .rows as {
        relname: string;
      }[];
      const seeded: string[] = [];
      for (const { relname } of tables) {
        if ((await writing.executeSql(`SELECT 1 FROM "${relname}" LIMIT 1`)).rows.length) seeded.push(relname);
      }
      expect(seeded).toEqual(TEMPLATE_SEEDED_TABLES.map((table) => getTableName(table)).sort());
      for (const table of TEMPLATE_SEEDED_TABLES) {
        expect(Object.values(getTableColumns(table)).some((column) => column.name === 'created_at' || column.name === 'updated_at')).toBe(true);
      }
      await writing.executeSql(MARKER);
    } finally {
      await writing.close();
    }
  });

  it('a new data directory starts as a copy of it: migrated, searchable, and kept on disk like any other', async () => {
    const dir = path.join(scratch(), 'pglite');
    const opening = new Date();
    const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      // The template's own row is there: copied, not created anew.
      expect((await database.executeSql('SELECT count(*)::int AS n FROM system_configuration WHERE id = 7')).rows).toEqual([{ n: 1 }]);
      // Its default rows were made by this installation, not when the build ran (decisions/0028-start-up.md).
      expect(written.getTime()).toBeLessThan(opening.getTime());
      for (const stamp of await seededStamps(database)) expect(stamp.getTime()).toBeGreaterThanOrEqual(opening.getTime());
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
      expect((await database.executeSql('SELECT count(*)::int AS n FROM system_configuration WHERE id = 7')).rows).toEqual([{ n: 0 }]);
      expect((await seededAt(database)).getTime()).toBeGreaterThanOrEqual(opening.getTime() - 1000);
      expect(await migrationsUpToDate((text) => database.executeSql(text))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
