import type { Database } from './client';
import { quoteIdentifier } from './raw-sql';

/**
 * Copies an installation's data from one database to another — in practice from the embedded PGlite to PostgreSQL
 * (`npm run db:move-to-postgres`). Both are migrated to the same version first (opening a Database does that), so
 * the tables and columns are the same; only the embedding column's type may differ (pgvector `vector` or `real[]`).
 *
 * Every value travels as text: PostgreSQL's text form of each type reads back to the same value (floats included,
 * since PostgreSQL 12), whatever the two drivers would make of it. Tables are copied parents first (foreign keys),
 * in batches read through a cursor, and each table's row count is compared at the end.
 */

export interface MoveProgress {
  table: string;
  /** Position of the table in the copy order, from 1. */
  index: number;
  tables: number;
  rows: number;
}

export interface MoveResult {
  tables: { table: string; rows: number }[];
  totalRows: number;
}

interface Column {
  name: string;
  type: string;
  generated: boolean;
  serial: boolean;
}

const BATCH_ROWS = 500;

/**
 * Filled by the target's triggers as the chunks arrive (migration 0010), as changes per statement: not copied, but
 * folded to a row per term afterwards and compared with the source's by the terms counted and their sum.
 */
const TERM_COUNTS = 'chunk_term_counts';
const FOLD_TERM_COUNTS = `WITH gone AS (DELETE FROM ${TERM_COUNTS} RETURNING chatbot_id, term, chunks)
  INSERT INTO ${TERM_COUNTS} (chatbot_id, term, chunks) SELECT chatbot_id, term, sum(chunks) FROM gone GROUP BY chatbot_id, term HAVING sum(chunks) <> 0`;
const LIVE_TERM_COUNTS = `SELECT count(*)::int AS terms, coalesce(sum(chunks), 0)::text AS chunks
  FROM (SELECT sum(chunks) AS chunks FROM ${TERM_COUNTS} GROUP BY chatbot_id, term HAVING sum(chunks) <> 0) live`;
/**
 * Kept by the target's trigger on usage_ledger as the ledger's rows arrive (migration 0024): copying it as well would
 * count every month twice. Compared with the source's afterwards (its months with tokens, and their sum).
 */
const USAGE_MONTHS = 'organization_usage_months';
const LIVE_USAGE_MONTHS = `SELECT count(*)::int AS months, coalesce(sum(tokens), 0)::text AS tokens FROM ${USAGE_MONTHS} WHERE tokens <> 0`;
const rowsOf = async (database: Database, text: string, values: unknown[] = []) => (await database.executeSql(text, values)).rows as Record<string, unknown>[];

async function publicTables(database: Database): Promise<string[]> {
  const rows = await rowsOf(database, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  return rows.map((row) => String(row.tablename));
}

async function columnsOf(database: Database, table: string): Promise<Column[]> {
  const rows = await rowsOf(
    database,
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated <> '' AS generated,
            pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL AS serial
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [table],
  );
  return rows.map((row) => ({ name: String(row.name), type: String(row.type), generated: row.generated === true, serial: row.serial === true }));
}

/** Parents before children; a table referring to itself is fine as long as no row needs a later one. */
async function copyOrder(database: Database, tables: string[]): Promise<string[]> {
  const edges = await rowsOf(
    database,
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) if (edge.child !== edge.parent) parents.get(String(edge.child))?.add(String(edge.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

const isEmbedding = (type: string) => type === 'real[]' || type.startsWith('vector');

/** Refuses a target that already holds an installation; otherwise empties the rows its migrations seeded. */
async function prepareTarget(target: Database, tables: string[]): Promise<void> {
  const [users] = await rowsOf(target, 'SELECT count(*)::int AS n FROM users');
  if (Number(users?.n) > 0) throw new Error('The target database already has accounts: move into a new, empty database.');
  await target.executeSql(`TRUNCATE ${tables.map(quoteIdentifier).join(', ')} CASCADE`, []);
}

export async function moveDatabase(source: Database, target: Database, onProgress: (progress: MoveProgress) => void = () => {}): Promise<MoveResult> {
  // The source is read through one session (a cursor); between two PostgreSQL servers, pg_dump is the tool.
  if (source.driver !== 'pglite') throw new Error('The source must be the embedded database (PGlite).');
  if (target.driver !== 'postgres') throw new Error('The target must be PostgreSQL.');
  const sourceTables = new Set(await publicTables(source));
  const targetTables = await publicTables(target);
  const missing = [...sourceTables].filter((table) => !targetTables.includes(table));
  if (missing.length > 0) throw new Error(`The target lacks tables the source has (${missing.join(', ')}): are both on the same Parley version?`);
  const order = await copyOrder(
    target,
    targetTables.filter((table) => sourceTables.has(table) && table !== TERM_COUNTS && table !== USAGE_MONTHS),
  );
  await prepareTarget(target, targetTables);

  const result: MoveResult = { tables: [], totalRows: 0 };
  for (const [position, table] of order.entries()) {
    const sourceColumns = new Map((await columnsOf(source, table)).map((column) => [column.name, column]));
    const columns = (await columnsOf(target, table)).filter((column) => !column.generated && sourceColumns.has(column.name));
    const select = columns
      .map((column) =>
        isEmbedding(column.type) || isEmbedding(sourceColumns.get(column.name)!.type)
          ? `${quoteIdentifier(column.name)}::real[]::text`
          : `${quoteIdentifier(column.name)}::text`,
      )
      .map((expression, i) => `${expression} AS c${i}`)
      .join(', ');
    const cast = (column: Column) => (column.type.startsWith('vector') ? '::real[]::vector' : `::${column.type}`);
    let copied = 0;
    // A cursor in a transaction reads the table in batches without OFFSET scans.
    await source.executeSql('BEGIN', []);
    try {
      await source.executeSql(`DECLARE parley_move NO SCROLL CURSOR FOR SELECT ${select} FROM ${quoteIdentifier(table)}`, []);
      for (;;) {
        const batch = await rowsOf(source, `FETCH ${BATCH_ROWS} FROM parley_move`);
        if (batch.length === 0) break;
        const values: unknown[] = [];
        const tuples = batch.map((row) => {
          const placeholders = columns.map((column, i) => {
            values.push(row[`c${i}`] ?? null);
            return `$${values.length}${cast(column)}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await target.executeSql(
          `INSERT INTO ${quoteIdentifier(table)} (${columns.map((c) => quoteIdentifier(c.name)).join(', ')}) VALUES ${tuples.join(', ')}`,
          values,
        );
        copied += batch.length;
        onProgress({ table, index: position + 1, tables: order.length, rows: copied });
      }
      await source.executeSql('CLOSE parley_move', []);
    } finally {
      await source.executeSql('COMMIT', []);
    }
    // Serial columns continue after the copied ids.
    for (const column of columns.filter((c) => c.serial)) {
      await target.executeSql(
        `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${quoteIdentifier(column.name)}) FROM ${quoteIdentifier(table)}), 1), (SELECT count(*) > 0 FROM ${quoteIdentifier(table)}))`,
        [table, column.name],
      );
    }
    await compareCounts(source, target, table);
    onProgress({ table, index: position + 1, tables: order.length, rows: copied });
    result.tables.push({ table, rows: copied });
    result.totalRows += copied;
  }
  if (sourceTables.has(TERM_COUNTS)) {
    await target.executeSql(FOLD_TERM_COUNTS, []);
    const [before] = await rowsOf(source, LIVE_TERM_COUNTS);
    const [after] = await rowsOf(target, LIVE_TERM_COUNTS);
    if (before?.terms !== after?.terms || before?.chunks !== after?.chunks) {
      throw new Error(`${TERM_COUNTS}: ${before?.terms} terms in ${before?.chunks} places in the source, ${after?.terms} in ${after?.chunks} in the target`);
    }
  }
  if (sourceTables.has(USAGE_MONTHS)) {
    const [before] = await rowsOf(source, LIVE_USAGE_MONTHS);
    const [after] = await rowsOf(target, LIVE_USAGE_MONTHS);
    if (before?.months !== after?.months || before?.tokens !== after?.tokens) {
      throw new Error(
        `${USAGE_MONTHS}: ${before?.months} months of ${before?.tokens} tokens in the source, ${after?.months} of ${after?.tokens} in the target`,
      );
    }
  }
  return result;
}

async function compareCounts(source: Database, target: Database, table: string): Promise<void> {
  const [sourceCount] = await rowsOf(source, `SELECT count(*)::int AS n FROM ${quoteIdentifier(table)}`);
  const [targetCount] = await rowsOf(target, `SELECT count(*)::int AS n FROM ${quoteIdentifier(table)}`);
  if (Number(sourceCount?.n) !== Number(targetCount?.n)) throw new Error(`${table}: ${sourceCount?.n} rows in the source, ${targetCount?.n} in the target`);
}
