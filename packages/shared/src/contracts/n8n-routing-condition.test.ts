import { describe, expect, it } from 'vitest';
import { matchesRoutingCondition, parseRoutingCondition, routingConditionProblem, type RoutingFacts } from './n8n-routing-condition';

const pdf: RoutingFacts = {
  file_type: 'pdf',
  mime_type: 'application/pdf',
  source_kind: 'file',
  size_kb: 640,
  name: 'Invoice March.pdf',
  chatbot_id: 'bot-1',
  organization_id: 'org-1',
};

describe('routing rule conditions', () => {
  it('matches documents by their facts; strings without regard to case, every clause must hold', () => {
    const cases: [string, boolean][] = [
      ['always', true],
      ['ALWAYS', true],
      ["file_type == 'pdf'", true],
      ["file_type == 'PDF'", true],
      ["file_type != 'pdf'", false],
      ['size_kb > 500', true],
      ['size_kb >= 640 and size_kb <= 640', true],
      ['size_kb < 640', false],
      ["name contains 'invoice'", true],
      ["name contains 'receipt'", false],
      ['source_kind == \'file\' && mime_type == "application/pdf" and size_kb != 1', true],
      ["chatbot_id == 'bot-1' and organization_id == 'org-2'", false],
      ["name == 'it\\'s'", false],
    ];
    for (const [condition, expected] of cases) expect(matchesRoutingCondition(parseRoutingCondition(condition), pdf), condition).toBe(expected);
  });

  it('explains what is wrong with a condition', () => {
    expect(routingConditionProblem('')).toMatch(/required/);
    expect(routingConditionProblem("colour == 'red'")).toMatch(/unknown field "colour"/);
    expect(routingConditionProblem('file_type == pdf')).toMatch(/put the value in quotes/);
    expect(routingConditionProblem("size_kb > 'big'")).toMatch(/is a number/);
    expect(routingConditionProblem("name > 'a'")).toMatch(/name takes ==, !=, contains/);
    expect(routingConditionProblem('size_kb contains 5')).toMatch(/size_kb takes == != > >= < <=/);
    expect(routingConditionProblem("file_type == 'pdf' or size_kb > 1")).toMatch(/join comparisons with "and"/);
    expect(routingConditionProblem("file_type == 'pdf' and")).toMatch(/is not a comparison/);
    expect(routingConditionProblem(Array.from({ length: 11 }, () => 'size_kb > 1').join(' and '))).toMatch(/at most 10/i);
    expect(routingConditionProblem("file_type == 'pdf'")).toBeNull();
  });
});
