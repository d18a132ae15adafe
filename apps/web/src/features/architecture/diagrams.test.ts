import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DIAGRAMS } from './diagrams';
import { DATA_MODEL_DIAGRAM, DATA_MODEL_TABLES } from './generated/data-model';

describe('architecture diagrams', () => {
  it('has the spec’s diagrams, each a Mermaid diagram of a known kind, with unique ids', () => {
    expect(ARCHITECTURE_DIAGRAMS.map((d) => d.id)).toEqual([
      'admin-section',
      'ai-actions',
      'system-context',
      'request-flow',
      'automation-flows',
      'sequences',
      'data-model',
    ]);
    for (const diagram of ARCHITECTURE_DIAGRAMS) expect(diagram.source, diagram.id).toMatch(/^(flowchart (TD|TB|LR)|sequenceDiagram|erDiagram)\n/);
  });

  it('shows the generated data model with every table of the schema', () => {
    const model = ARCHITECTURE_DIAGRAMS.find((d) => d.id === 'data-model')!;
    expect(model.source).toBe(DATA_MODEL_DIAGRAM);
    expect(DATA_MODEL_TABLES.length).toBeGreaterThan(30);
    for (const table of DATA_MODEL_TABLES) expect(DATA_MODEL_DIAGRAM).toContain(`\n  ${table} {\n`);
  });

  it('keeps flowchart labels quoted where Mermaid would read their punctuation as syntax', () => {
    for (const diagram of ARCHITECTURE_DIAGRAMS.filter((d) => d.source.startsWith('flowchart'))) {
      // A bracketed label with parentheses, braces or a slash must be quoted.
      for (const [, label] of diagram.source.matchAll(/\w\[(?!\(|")([^\]]*)\]/g)) expect(label, `${diagram.id}: ${label}`).not.toMatch(/[(){}/]/);
      expect(diagram.source, diagram.id).not.toMatch(/^\s*end\b(?!$)/m);
    }
  });
});
