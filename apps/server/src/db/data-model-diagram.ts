import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

/**
 * The data model as a Mermaid erDiagram, read from the Drizzle schema itself (getTableConfig): every table with its
 * columns (PK, FK, UK marked) and one relationship per foreign key. The web app's architecture page shows the output
 * of generate-data-model.ts, which the web build runs, so the diagram cannot drift from the schema.
 */

/** Mermaid attribute types are one word: "timestamp with time zone" → timestamptz, "real[]" → real_array, "vector(384)" → vector. */
export function diagramType(sqlType: string): string {
  return (
    sqlType
      .replace(/ with time zone/i, 'tz')
      .replace(/\(.*?\)/g, '')
      .replace(/\[\]/g, '_array')
      .trim()
      .replace(/[^A-Za-z0-9_]+/g, '_') || 'unknown'
  );
}

export interface DiagramTable {
  name: string;
  columns: { name: string; type: string; keys: string[] }[];
  relations: { from: string; to: string; columns: string[]; isOptional: boolean }[];
}

/** The tables of a schema module (its exports that are Drizzle tables), sorted by name. */
export function tablesOf(schema: Record<string, unknown>): DiagramTable[] {
  const tables: DiagramTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const primary = new Set([
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
    ]);
    const unique = new Set([
      ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
      ...config.uniqueConstraints.filter((u) => u.columns.length === 1).map((u) => u.columns[0]!.name),
    ]);
    const relations = config.foreignKeys.map((fk) => {
      const reference = fk.reference();
      return {
        from: config.name,
        to: getTableConfig(reference.foreignTable).name,
        columns: reference.columns.map((c) => c.name),
        isOptional: reference.columns.some((c) => !c.notNull),
      };
    });
    const foreign = new Set(relations.flatMap((r) => r.columns));
    tables.push({
      name: config.name,
      columns: config.columns.map((column) => ({
        name: column.name,
        type: diagramType(column.getSQLType()),
        keys: [primary.has(column.name) && 'PK', foreign.has(column.name) && 'FK', unique.has(column.name) && !primary.has(column.name) && 'UK'].filter(
          (key): key is string => Boolean(key),
        ),
      })),
      relations,
    });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

export function dataModelDiagram(schema: Record<string, unknown>): string {
  const tables = tablesOf(schema);
  const lines = ['erDiagram'];
  for (const table of tables) {
    lines.push(`  ${table.name} {`);
    for (const column of table.columns) lines.push(`    ${column.type} ${column.name}${column.keys.length ? ` ${column.keys.join(', ')}` : ''}`);
    lines.push('  }');
  }
  for (const table of tables) {
    for (const relation of table.relations) {
      // Many rows of the referencing table to one (or, for a nullable key, zero or one) of the referenced table.
      lines.push(`  ${relation.from} }o--${relation.isOptional ? 'o|' : '||'} ${relation.to} : "${relation.columns.join(', ')}"`);
    }
  }
  return `${lines.join('\n')}\n`;
}
