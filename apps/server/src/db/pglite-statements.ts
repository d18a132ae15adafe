import type { messages, PGlite, protocol, Results, Transaction } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
import { RepeatedTexts, RESULT_TYPE_CHANGED } from './statement-reuse';

/**
 * Drizzle's queries on the embedded database, sent as PostgreSQL's extended protocol in one message each and, from a
 * statement's second use, as a named prepared statement: the embedded database parses and analyses a repeated
 * statement (the chat turn's is one of about a dozen CTEs) once, not on every turn (decisions/0058-prepared-statements.md).
 *
 * PGlite's own `query()` sends parse, describe, bind, describe, execute and sync as six calls into the database, always
 * unnamed, and copies its table of about 600 type parsers into a new object on every query that brings its own parsers,
 * as drizzle's always do: together a third of the embedded database's chat turn outside the database itself.
 *
 * Values are prepared as node-postgres prepares them (`prepareValue`: arrays to array literals, objects to JSON, buffers
 * sent as binary), so a statement receives what it receives on PostgreSQL. Results are read with PGlite's type parsers,
 * except drizzle's: dates, times and intervals (and their arrays) stay text, for drizzle to map.
 */

type ProtocolModule = typeof protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parser = (text: string, typeId: number) => unknown;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, Parser> };

/** The type ids whose text drizzle's PGlite session keeps (its `parsers`): timestamp, timestamptz, interval, date and their arrays. */
const TEXT_KEPT = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
/** At most this many named statements are kept; the one used longest ago is closed to make room. */
export const MAX_PREPARED_STATEMENTS = 200;

interface Prepared {
  name: string;
  /** The result's columns and their parsers, from the statement's description (null: a statement with no result). */
  columns: Column[] | null;
}
interface Column {
  name: string;
  typeId: number;
  parse: Parser | null;
}

/** What `drizzle({ client })` calls: `query` and `transaction`, whose callback gets an object with `query`. */
export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: { query: StatementClient['query'] }) => Promise<T>): Promise<T>;
}

export function preparedStatementClient(pglite: PGlite, protocol: ProtocolModule): StatementClient {
  const { serialize } = protocol;
  const prepared = new Map<string, Prepared>();
  const repeated = new RepeatedTexts();
  let toClose: string[] = [];
  let nextName = 1;

  const columnsOf = (message: BackendMessage | undefined): Column[] | null => {
    if (!message || message.name !== 'rowDescription') return null;
    const { fields } = message as messages.RowDescriptionMessage;
    return fields.map((field) => ({
      name: field.name,
      typeId: field.dataTypeID,
      parse: TEXT_KEPT.has(field.dataTypeID) ? null : ((pglite.parsers[field.dataTypeID] as Parser | undefined) ?? null),
    }));
  };

  /** Parse (named or not) and describe a new statement, or bind a named one, then execute and sync: one call. */
  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> => {
    if (options?.parsers && Object.keys(options.parsers).some((typeId) => !TEXT_KEPT.has(Number(typeId)))) {
      // Not drizzle's parsers: PGlite's own path reads them.
      return pglite.query<T>(text, params as unknown[], options as never);
    }
    const statement = prepared.get(text);
    let name = '';
    if (statement) {
      prepared.delete(text); // to the end: the most recently used
      prepared.set(text, statement);
    } else if (repeated.repeated(text)) {
      name = `parley_${nextName++}`;
    }
    const parts: Uint8Array[] = toClose.map((closing) => serialize.close({ type: 'S', name: closing }));
    const closing = toClose;
    toClose = [];
    if (!statement) parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
    const values = params.map((value) => pgUtils.prepareValue(value));
    parts.push(serialize.bind({ statement: statement?.name ?? name, values }), serialize.execute(), serialize.sync());
    const messages = await pglite.execProtocolStream(concat(parts), { syncToFs: false, throwOnError: false });
    if (!inTransaction) await pglite.syncToFs();

    let error: (Error & { code?: string }) | null = null;
    const rows: unknown[] = [];
    let columns = statement?.columns ?? null;
    let parsed = false;
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const message of messages) {
      if (message instanceof Error) {
        error ??= message;
        continue;
      }
      switch (message.name) {
        case 'parseComplete':
          parsed = true;
          break;
        case 'rowDescription':
          columns = columnsOf(message);
          break;
        case 'dataRow':
          rows.push(rowOf((message as messages.DataRowMessage).fields as (string | null)[], columns ?? [], options?.rowMode === 'array'));
          break;
        case 'commandComplete': {
          const tag = (message as messages.CommandCompleteMessage).text.split(' ');
          command = tag[0];
          const count = Number.parseInt(tag.at(-1) ?? '', 10);
          if (!Number.isNaN(count)) rowCount = count;
          if (command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affectedRows += count;
          break;
        }
      }
    }
    if (parsed && name) {
      prepared.set(text, { name, columns });
      if (prepared.size > MAX_PREPARED_STATEMENTS) {
        const [oldest, { name: oldestName }] = prepared.entries().next().value as [string, Prepared];
        prepared.delete(oldest);
        toClose.push(oldestName);
      }
    }
    if (error) {
      if (statement && error.code === RESULT_TYPE_CHANGED) {
        prepared.delete(text);
        toClose.push(statement.name);
        return run(text, params, options, inTransaction);
      }
      // A close sent with a failed statement may have been skipped: sent again with the next one (closing twice is harmless).
      toClose.push(...closing);
      Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
    const fields = (columns ?? []).map((column) => ({ name: column.name, dataTypeID: column.typeId }));
    return { rows: rows as Results<T>['rows'], fields, affectedRows, ...(command ? { command } : {}), ...(rowCount !== undefined ? { rowCount } : {}) };
  };

  return {
    // Outside a transaction, a statement waits for any transaction to end, as PGlite's query() does.
    query: (text, params = [], options) => pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run(text, params, options, false))),
    transaction: (callback) =>
      pglite.transaction((tx: Transaction) =>
        callback({
          query: (text, params = [], options) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return pglite._runExclusiveQuery(() => run(text, params, options, true));
          },
        }),
      ),
  };
}

function rowOf(values: (string | null)[], columns: Column[], asArray: boolean): unknown {
  if (asArray) {
    const row = new Array<unknown>(values.length);
    for (let i = 0; i < values.length; i++) {
      const value = values[i] ?? null;
      const column = columns[i];
      row[i] = value === null || !column?.parse ? value : column.parse(value, column.typeId);
    }
    return row;
  }
  const row: Record<string, unknown> = {};
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? null;
    const column = columns[i];
    if (!column) continue;
    row[column.name] = value === null || !column.parse ? value : column.parse(value, column.typeId);
  }
  return row;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.byteLength;
  }
  return message;
}
