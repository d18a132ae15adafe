import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpToDate, openDatabase } from './client';
import { allowMigrations } from '../test/template-guard';

allowMigrations("the migrator's own bookkeeping: a database migrated from nothing");

describe('migrationsUpToDate', () => {
  const blank = new PGlite();
  afterAll(() => blank.close());

  it('is false for a new database, true once migrated, and false again when the newest migration is missing', async () => {
    expect(await migrationsUpToDate((text) => blank.query(text))).toBe(false);

    const database = await openDatabase({});
    try {
      const query = (text: string) => database.executeSql(text);
      expect(await migrationsUpToDate(query)).toBe(true);
      await query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)');
      expect(await migrationsUpToDate(query)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
