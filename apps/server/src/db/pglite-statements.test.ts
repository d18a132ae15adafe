import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED_STATEMENTS, preparedStatementClient, type StatementClient } from './pglite-statements';
import { PGLITE_BYTEA_CODEC } from './client';

/** The protocol-level statements the embedded database holds (not PREPARE's). */
async function namedStatements(pglite: PGlite): Promise<{ name: string; statement: string; executions: number }[]> {
  const result = await pglite.query<{ name: string; statement: string; executions: number }>(
    'SELECT name, statement, (generic_plans + custom_plans)::int AS executions FROM pg_prepared_statements WHERE NOT from_sql ORDER BY name',
  );
  return result.rows;
}

describe('drizzle’s statements on the embedded database (one message each, repeated ones prepared)', () => {
  let pglite: PGlite;
  let client: StatementClient;
  beforeAll(async () => {
    pglite = await PGlite.create(PGLITE_BYTEA_CODEC);
    client = preparedStatementClient(pglite, protocol);
    await pglite.exec('CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, at timestamptz, tags text[], data jsonb)');
  });
  afterAll(() => pglite.close());

  it('names a statement at its second use and parses it once however often it runs', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    const answers: unknown[] = [];
    for (const value of [1, 2, 3, 4]) answers.push((await client.query<{ n: number }>(text, [value])).rows[0]!.n);
    expect(answers).toEqual([2, 3, 4, 5]);
    const named = (await namedStatements(pglite)).filter((statement) => statement.statement === text);
    // The first run was unnamed; the second parsed the named one, which the third and fourth ran again.
    expect(named).toHaveLength(1);
    expect(named[0]!.executions).toBe(3);
  });

  it('sends values as node-postgres does and reads results with PGlite’s parsers, dates left as text for drizzle', async () => {
    const at = new Date('2026-12-04T10:11:12.345Z');
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    for (let run = 0; run < 2; run++) {
      const { rows, fields } = await client.query<Record<string, unknown>>(
        'SELECT $1::int[] AS numbers, $2::jsonb AS data, $3::bytea AS bytes, $4::timestamptz AS at, $5::boolean AS yes, $6::text AS nothing, $7::text AS words',
        [[1, 2, 3], { a: [1, 'two'] }, bytes, at, true, null, 'it’s "quoted"'],
        { rowMode: 'object' },
      );
      const row = rows[0]!;
      expect(row.numbers).toEqual([1, 2, 3]);
      expect(row.data).toEqual({ a: [1, 'two'] });
      expect(Buffer.isBuffer(row.bytes) && (row.bytes as Buffer).equals(bytes)).toBe(true);
      expect(typeof row.at).toBe('string');
      expect(new Date(row.at as string).toISOString()).toBe(at.toISOString());
      expect(row.yes).toBe(true);
      expect(row.nothing).toBeNull();
      expect(row.words).toBe('it’s "quoted"');
      expect(fields.map((field) => field.name)).toEqual(['numbers', 'data', 'bytes', 'at', 'yes', 'nothing', 'words']);
    }
    const arrays = await client.query<unknown[]>('SELECT 1 AS a, $1::text AS b', ['x'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'x']]);
  });

  it('counts the rows a statement changed, and returns what it returned', async () => {
    const insert = 'INSERT INTO items (id, name, tags) VALUES ($1, $2, $3), ($4, $5, $6) RETURNING id';
    const first = await client.query(insert, [1, 'one', ['a'], 2, 'two', []]);
    const second = await client.query(insert, [3, 'three', null, 4, 'four', ['b', 'c']]);
    expect([first.affectedRows, second.affectedRows, second.rows]).toEqual([2, 2, [{ id: 3 }, { id: 4 }]]);
    const update = await client.query('UPDATE items SET name = name || $1 WHERE id > $2', ['!', 2]);
    expect(update.affectedRows).toBe(2);
    const { rows } = await client.query<{ tags: string[] | null }>('SELECT tags FROM items ORDER BY id');
    expect(rows.map((row) => row.tags)).toEqual([['a'], [], null, ['b', 'c']]);
  });

  it('throws the database’s error, with its code, and the same statement runs again afterwards', async () => {
    const text = 'SELECT 10 / $1::int AS n';
    expect((await client.query<{ n: number }>(text, [2])).rows[0]!.n).toBe(5);
    // The second use names it; its execution fails after the statement was parsed.
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query<{ n: number }>(text, [5])).rows[0]!.n).toBe(2);
    await expect(client.query('INSERT INTO items (id, name) VALUES ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('SELEC nonsense', [])).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('SELEC nonsense', [])).rejects.toMatchObject({ code: '42601' });
    expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
  });

  it('parses a named statement again when its table changed shape', async () => {
    await pglite.exec('CREATE TABLE shapes (id int)');
    await pglite.exec('INSERT INTO shapes VALUES (1)');
    const text = 'SELECT * FROM shapes WHERE id = $1';
    await client.query(text, [1]);
    await client.query(text, [1]);
    await pglite.exec("ALTER TABLE shapes ADD COLUMN label text DEFAULT 'new'");
    const { rows } = await client.query<Record<string, unknown>>(text, [1]);
    expect(rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS} named statements, closing the one used longest ago`, async () => {
    const often = 'SELECT $1::int AS kept';
    await client.query(often, [1]);
    await client.query(often, [1]);
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 20; i++) {
      const text = `SELECT $1::int + ${i} AS n`;
      await client.query(text, [i]);
      await client.query(text, [i]);
      if (i % 50 === 0) await client.query(often, [i]); // used again: not the oldest
    }
    await client.query('SELECT 1'); // sends the last closes
    const named = await namedStatements(pglite);
    expect(named.length).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    expect(named.some((statement) => statement.statement === often)).toBe(true);
    expect(named.some((statement) => statement.statement === 'SELECT $1::int + 0 AS n')).toBe(false);
  });

  it('runs a transaction’s statements in it, and a statement outside waits for it to end', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const hasInserted = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES ($1, $2)', [10, 'in transaction']);
      await tx.query('INSERT INTO items (id, name) VALUES ($1, $2)', [11, 'in transaction']);
      order.push('inserted');
      inserted();
      await held;
      throw new Error('undo');
    });
    await hasInserted;
    const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id >= $1', [10]).then((result) => {
      order.push('outside');
      return result.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('undo');
    expect(await outside).toBe(0);
    expect(order).toEqual(['inserted', 'outside']);
  });

  it('hands on the notifications a statement raises', async () => {
    const heard: string[] = [];
    await pglite.listen('statements_test', (payload) => heard.push(payload));
    for (const n of [1, 2, 3]) await client.query("SELECT pg_notify('statements_test', $1::text)", [String(n)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['1', '2', '3']);
  });
});
