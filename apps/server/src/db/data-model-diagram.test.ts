import { readFileSync } from 'node:fs';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataModelDiagram, diagramType } from './data-model-diagram';
import { DATA_MODEL_FILE, dataModelModule } from './generate-data-model';
import * as schema from './schema/index';

const tables = (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableConfig(value)] : []));

describe('data model diagram (architecture page)', () => {
  const diagram = dataModelDiagram(schema);

  it('has every table of the Drizzle schema with every column, and every foreign key as a relationship', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(diagram.startsWith('erDiagram\n')).toBe(true);
    for (const table of tables) {
      const block = new RegExp(`^ {2}${table.name} \\{\\n([\\s\\S]*?)\\n {2}\\}$`, 'm').exec(diagram);
      expect(block, table.name).not.toBeNull();
      for (const column of table.columns) expect(block![1], `${table.name}.${column.name}`).toMatch(new RegExp(`^ {4}\\w+ ${column.name}\\b`, 'm'));
      for (const fk of table.foreignKeys) {
        const reference = fk.reference();
        const target = getTableConfig(reference.foreignTable).name;
        expect(diagram, `${table.name} → ${target}`).toContain(`  ${table.name} }o--`);
        expect(diagram).toMatch(new RegExp(`^ {2}${table.name} \\}o--(\\|\\||o\\|) ${target} : "${reference.columns.map((c) => c.name).join(', ')}"$`, 'm'));
      }
    }
    expect(diagram).toMatch(/^ {4}uuid id PK$/m);
    expect(diagram).toMatch(/^ {2}n8n_requests \}o--o\| n8n_workflows : "workflow_id"$/m);
  });

  it('writes column types Mermaid can parse', () => {
    expect(diagramType('timestamp with time zone')).toBe('timestamptz');
    expect(diagramType('real[]')).toBe('real_array');
    expect(diagramType('vector(384)')).toBe('vector');
    expect(diagramType('character varying(255)')).toBe('character_varying');
    for (const line of diagram.split('\n').filter((l) => l.startsWith('    ')))
      expect(line).toMatch(/^ {4}[A-Za-z0-9_]+ [A-Za-z_][A-Za-z0-9_]*( (PK|FK|UK)(, (PK|FK|UK))*)?$/);
  });

  it('is what the web app imports: the generated module matches the schema (the web build regenerates it)', () => {
    let current = '';
    try {
      current = readFileSync(DATA_MODEL_FILE, 'utf8');
    } catch {
      // reported below
    }
    expect(
      current,
      'apps/web/src/features/architecture/generated/data-model.ts is out of date: run `npx tsx apps/server/src/db/generate-data-model.ts` (the web build does)',
    ).toBe(dataModelModule());
    for (const table of tables) expect(current).toContain(`  '${table.name}',\n`);
  });
});
