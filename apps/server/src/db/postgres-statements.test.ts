import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_NAMED_TEXTS, namingClient, StatementNames } from './postgres-statements';

describe('statement names', () => {
  it('names a text at its second use, keeps the name, and names at most the limit', () => {
    const names = new StatementNames();
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    const name = names.nameFor('SELECT 1');
    expect(name).toMatch(/^parley_s\d+$/);
    expect(names.nameFor('SELECT 1')).toBe(name);
    for (let i = 0; i < MAX_NAMED_TEXTS + 5; i++) {
      names.nameFor(`SELECT ${i + 2}`);
      names.nameFor(`SELECT ${i + 2}`);
    }
    expect(names.nameFor(`SELECT ${MAX_NAMED_TEXTS + 5}`)).toBeUndefined();
    expect(names.nameFor('SELECT 1')).toBe(name);
    const renamed = names.rename('SELECT 1');
    expect(renamed).not.toBe(name);
    expect(names.nameFor('SELECT 1')).toBe(renamed);
  });
});

const url = inject('postgresUrl');
(url ? describe : describe.skip)('repeated statements on PostgreSQL (named, parsed once per connection)', () => {
  let client: pg.Client;
  const table = `statements_test_${process.pid}`;
  beforeAll(async () => {
    const NamingClient = namingClient(new StatementNames());
    client = new NamingClient({ connectionString: url ?? undefined });
    await client.connect();
    await client.query(`CREATE TEMP TABLE ${table} (id int PRIMARY KEY)`);
    await client.query(`INSERT INTO ${table} VALUES (1)`);
  });
  afterAll(() => client?.end());

  const prepared = async () =>
    (
      await client.query<{ name: string; statement: string; executions: number }>(
        'SELECT name, statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements',
      )
    ).rows;

  it('runs a text’s second and later uses as one named statement, with drizzle’s query objects and plain text alike', async () => {
    const text = 'SELECT $1::int * 2 AS n';
    const answers: number[] = [];
    for (const value of [1, 2, 3]) answers.push((await client.query<{ n: number }>({ text, values: [value] })).rows[0]!.n);
    for (const value of [4, 5]) answers.push((await client.query<{ n: number }>({ text }, [value])).rows[0]!.n);
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    const named = (await prepared()).filter((statement) => statement.statement === text);
    expect(named).toHaveLength(1);
    expect(named[0]!.executions).toBe(4);
    // A plain string is a one-off text (the simple protocol when it has no values): never named.
    await client.query('SELECT 1');
    await client.query('SELECT 1');
    expect((await prepared()).some((statement) => statement.statement === 'SELECT 1')).toBe(false);
  });

  it('passes errors on with their code, and the statement runs again afterwards', async () => {
    const text = 'SELECT 10 / $1::int AS n';
    await client.query({ text, values: [1] });
    await expect(client.query({ text, values: [0] })).rejects.toMatchObject({ code: '22012' });
    expect((await client.query<{ n: number }>({ text, values: [5] })).rows[0]!.n).toBe(2);
  });

  it('parses a statement afresh when its table changed shape, by promise and by callback', async () => {
    const text = `SELECT * FROM ${table} WHERE id = $1`;
    await client.query({ text, values: [1] });
    await client.query({ text, values: [1] });
    await client.query(`ALTER TABLE ${table} ADD COLUMN label text DEFAULT 'new'`);
    expect((await client.query({ text, values: [1] })).rows).toEqual([{ id: 1, label: 'new' }]);
    await client.query(`ALTER TABLE ${table} ADD COLUMN other int DEFAULT 7`);
    const rows = await new Promise((resolve, reject) =>
      (client.query as unknown as (config: unknown, values: unknown, done: (error: Error | null, result?: { rows: unknown[] }) => void) => void)(
        { text },
        [1],
        (error, result) => (error ? reject(error) : resolve(result!.rows)),
      ),
    );
    expect(rows).toEqual([{ id: 1, label: 'new', other: 7 }]);
  });
});
