import { isDeepStrictEqual } from 'node:util';
import { Column, is, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View, ViewBaseConfig, type QueryWithTypings } from 'drizzle-orm';
import { isPgEnum } from 'drizzle-orm/pg-core';

/**
 * Drizzle writes a statement's text by walking its chunks and asking of each, in turn, whether it is a string, a name,
 * a nested statement, a table, a column, a view, a parameter… Each question is `is(chunk, Class)`, which for every
 * class the chunk is not walks the chunk's prototype chain: a chat turn's one statement (about eighty parameters)
 * spent a fifth of the server's CPU there on PostgreSQL (docs/performance.md, "Chat turn";
 * decisions/0056-sql-text-building.md). This is the same walk, answering the question once per class of chunk (a
 * chunk's class decides every `is` answer) and asking the instance only what drizzle asks of it.
 *
 * Written for drizzle-orm 0.45 (DRIZZLE_VERSION); `installFastSqlBuilding({ verify: true })` — development and
 * tests — also builds every statement drizzle's own way and throws when the two differ, so the whole test suite checks
 * it statement by statement.
 */
export const DRIZZLE_VERSION = /^0\.45\./;

// Drizzle's own symbols (table.js), registered globally under these names.
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const TABLE_NAME = Symbol.for('drizzle:Name');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

type Kind = 'string' | 'name' | 'sql' | 'table' | 'column' | 'view' | 'param' | 'placeholder' | 'aliased' | 'subquery' | 'other';

/** The first of drizzle's questions a chunk of this class answers yes to, in drizzle's order. */
const kinds = new WeakMap<object, Kind>();
function kindOf(chunk: object): Kind {
  const type = Object.getPrototypeOf(chunk)?.constructor as object | undefined;
  if (!type) return 'other';
  let kind = kinds.get(type);
  if (kind === undefined) {
    if (is(chunk, StringChunk)) kind = 'string';
    else if (is(chunk, Name)) kind = 'name';
    else if (is(chunk, SQL)) kind = 'sql';
    else if (is(chunk, Table)) kind = 'table';
    else if (is(chunk, Column)) kind = 'column';
    else if (is(chunk, View)) kind = 'view';
    else if (is(chunk, Param)) kind = 'param';
    else if (is(chunk, Placeholder)) kind = 'placeholder';
    else if (is(chunk, SQL.Aliased)) kind = 'aliased';
    else if (is(chunk, Subquery)) kind = 'subquery';
    else kind = 'other';
    kinds.set(type, kind);
  }
  return kind;
}

const isSqlObject = (value: unknown): value is SQL => !!value && typeof value === 'object' && kindOf(value) === 'sql';

interface BuildConfig {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
  escapeParam(index: number, value: unknown): string;
  prepareTyping?: (encoder: unknown) => string;
  inlineParams?: boolean;
  paramStartIndex?: { value: number };
  invokeSource?: string;
}

type Built = QueryWithTypings;

// What drizzle's SQL instances have that its typings keep internal.
interface SqlInternals {
  shouldInlineParams: boolean;
  mapInlineParam(chunk: unknown, config: BuildConfig): string;
  buildQueryFromSourceParams(chunks: unknown[], config: BuildConfig): Built;
}

/** A parameter's type hint (prepareTyping asks the encoder's class only): worked out once per class of encoder. */
const typings = new WeakMap<object, WeakMap<object, string>>();
function typingOf(prepareTyping: (encoder: unknown) => string, encoder: object): string {
  let byClass = typings.get(prepareTyping);
  if (!byClass) typings.set(prepareTyping, (byClass = new WeakMap()));
  const type = (Object.getPrototypeOf(encoder) as { constructor?: object } | null)?.constructor ?? encoder;
  let typing = byClass.get(type);
  if (typing === undefined) byClass.set(type, (typing = prepareTyping(encoder)));
  return typing;
}

/** The statement as it is written: its text in pieces, its parameters and their type hints (one each). */
interface Written {
  text: string[];
  params: unknown[];
  typings: string[];
}

/**
 * Drizzle's SQL.prototype.buildQueryFromSourceParams (sql/sql.js, 0.45): the same cases in the same order, with each
 * chunk's class asked once, and the pieces written into one list rather than merged level by level.
 */
/** What stays the same through one statement's walk: the dialect's functions, the parameter counter, the output. */
interface Walk {
  sqlObject: SqlInternals;
  config: BuildConfig;
  counter: { value: number };
  out: Written;
}

function write(walk: Walk, chunks: unknown[], inlineParams: boolean): void {
  const { sqlObject, config, counter, out } = walk;
  const { casing, escapeName, escapeParam, prepareTyping } = config;
  const param = (value: unknown, typing: string) => {
    out.text.push(escapeParam(counter.value++, value));
    out.params.push(value);
    out.typings.push(typing);
  };
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (Array.isArray(chunk)) {
      const listed: unknown[] = [new StringChunk('(')];
      chunk.forEach((part, i) => {
        listed.push(part);
        if (i < chunk.length - 1) listed.push(new StringChunk(', '));
      });
      listed.push(new StringChunk(')'));
      write(walk, listed, inlineParams);
      continue;
    }
    const kind = chunk && typeof chunk === 'object' ? kindOf(chunk) : 'other';
    switch (kind) {
      case 'string':
        {
          const { value } = chunk as StringChunk;
          out.text.push(value.length === 1 ? (value[0] as string) : value.join(''));
        }
        continue;
      case 'name':
        out.text.push(escapeName((chunk as Name).value));
        continue;
      case 'sql': {
        const nested = chunk as unknown as SqlInternals & { queryChunks: unknown[] };
        write(walk, nested.queryChunks, inlineParams || nested.shouldInlineParams);
        continue;
      }
      case 'table': {
        const table = chunk as Record<symbol, unknown>;
        const schemaName = table[TABLE_SCHEMA] as string | undefined;
        const tableName = table[TABLE_NAME] as string;
        out.text.push(schemaName === undefined || table[IS_ALIAS] ? escapeName(tableName) : `${escapeName(schemaName)}.${escapeName(tableName)}`);
        continue;
      }
      case 'column': {
        const column = chunk as Column;
        const columnName = casing.getColumnCasing(column);
        if (config.invokeSource === 'indexes') {
          out.text.push(escapeName(columnName));
          continue;
        }
        const table = column.table as unknown as Record<symbol, unknown>;
        const schemaName = table[TABLE_SCHEMA] as string | undefined;
        const tableName = table[TABLE_NAME] as string;
        out.text.push(
          table[IS_ALIAS] || schemaName === undefined
            ? `${escapeName(tableName)}.${escapeName(columnName)}`
            : `${escapeName(schemaName)}.${escapeName(tableName)}.${escapeName(columnName)}`,
        );
        continue;
      }
      case 'view': {
        const view = (chunk as unknown as Record<symbol, { schema?: string; name: string; isAlias: boolean }>)[ViewBaseConfig]!;
        out.text.push(view.schema === undefined || view.isAlias ? escapeName(view.name) : `${escapeName(view.schema)}.${escapeName(view.name)}`);
        continue;
      }
      case 'param': {
        const parameter = chunk as Param;
        if (parameter.value && typeof parameter.value === 'object' && kindOf(parameter.value) === 'placeholder') {
          param(parameter, 'none');
          continue;
        }
        const mapped = parameter.value === null ? null : parameter.encoder.mapToDriverValue(parameter.value);
        if (isSqlObject(mapped)) write(walk, [mapped], inlineParams);
        else if (inlineParams) out.text.push(sqlObject.mapInlineParam(mapped, config));
        else param(mapped, prepareTyping ? typingOf(prepareTyping, parameter.encoder as object) : 'none');
        continue;
      }
      case 'placeholder':
        param(chunk, 'none');
        continue;
      case 'aliased':
        if ((chunk as { fieldAlias?: string }).fieldAlias !== undefined) {
          out.text.push(escapeName((chunk as { fieldAlias: string }).fieldAlias));
          continue;
        }
        break;
      case 'subquery': {
        const subquery = chunk as unknown as { _: { isWith: boolean; alias: string; sql: SQL } };
        if (subquery._.isWith) out.text.push(escapeName(subquery._.alias));
        else write(walk, [new StringChunk('('), subquery._.sql, new StringChunk(') '), new Name(subquery._.alias)], inlineParams);
        continue;
      }
      default:
        break;
    }
    if (isPgEnum(chunk)) {
      out.text.push(chunk.schema ? `${escapeName(chunk.schema)}.${escapeName(chunk.enumName)}` : escapeName(chunk.enumName));
      continue;
    }
    const wrapper = chunk as { getSQL?: () => SQL; shouldOmitSQLParens?: () => boolean } | null;
    if (wrapper !== null && typeof wrapper?.getSQL === 'function') {
      if (wrapper.shouldOmitSQLParens?.()) write(walk, [wrapper.getSQL()], inlineParams);
      else write(walk, [new StringChunk('('), wrapper.getSQL(), new StringChunk(')')], inlineParams);
      continue;
    }
    if (inlineParams) out.text.push(sqlObject.mapInlineParam(chunk, config));
    else param(chunk, 'none');
  }
}

/** What drizzle's walk returns: the text, the parameters, and their type hints when there is a parameter. */
function buildFast(this: SqlInternals, chunks: unknown[], config: BuildConfig): Built {
  const out: Written = { text: [], params: [], typings: [] };
  // Drizzle's own walk starts its counter here when it is not given one, and reads `inlineParams` the same way.
  write({ sqlObject: this, config, counter: config.paramStartIndex ?? { value: 0 }, out }, chunks, !!(config.inlineParams || this.shouldInlineParams));
  const built: Built = { sql: out.text.join(''), params: out.params };
  if (out.typings.length > 0) built.typings = out.typings as Built['typings'];
  return built;
}

let installed = false;

/**
 * Replaces drizzle's statement-text building with buildFast, once per process, when drizzle is the version it was
 * written for. With `verify`, every statement is also built drizzle's own way (its own walk, untouched), and a
 * difference throws: the statement is not sent.
 */
export function installFastSqlBuilding(options: { verify: boolean }, drizzleVersion: string): boolean {
  if (!DRIZZLE_VERSION.test(drizzleVersion)) return false;
  if (installed) return true;
  installed = true;
  const prototype = SQL.prototype as unknown as SqlInternals & { queryChunks: unknown[]; toQuery(config: BuildConfig): Built };
  if (!options.verify) {
    prototype.buildQueryFromSourceParams = buildFast;
    return true;
  }
  const reference = prototype.toQuery;
  prototype.toQuery = function verified(this: typeof prototype, config: BuildConfig): Built {
    const fast = buildFast.call(this, this.queryChunks, config);
    const drizzles = reference.call(this, config);
    if (fast.sql !== drizzles.sql || !isDeepStrictEqual(fast.params, drizzles.params) || !isDeepStrictEqual(fast.typings, drizzles.typings)) {
      throw new Error(`fast SQL building differs from drizzle's:\n${fast.sql}\n${drizzles.sql}`);
    }
    return fast;
  };
  return true;
}
