/**
 * The condition of an n8n routing rule (spec part 2 §3 "Routing rule": "condition (expression text)").
 * A small language, parsed rather than evaluated as code, so a saved rule can never run anything:
 *
 *   always
 *   file_type == 'pdf'
 *   size_kb > 500 and source_kind != 'url'
 *   name contains 'invoice' && chatbot_id == '4f0c…'
 *
 * Clauses are joined by `and` (or `&&`); to express "or", write two rules. Strings compare without regard
 * to case. The server validates a rule's condition with `parseRoutingCondition` before saving it, and the
 * web form shows the same message.
 */

export const ROUTING_CONDITION_FIELDS = {
  file_type: 'string',
  mime_type: 'string',
  source_kind: 'string',
  size_kb: 'number',
  name: 'string',
  chatbot_id: 'string',
  organization_id: 'string',
} as const;
export type RoutingConditionField = keyof typeof ROUTING_CONDITION_FIELDS;

const NUMBER_OPERATORS = ['==', '!=', '>', '>=', '<', '<='] as const;
const STRING_OPERATORS = ['==', '!=', 'contains'] as const;
type Operator = (typeof NUMBER_OPERATORS)[number] | (typeof STRING_OPERATORS)[number];

export interface RoutingClause {
  field: RoutingConditionField;
  operator: Operator;
  value: string | number;
}

/** `always`, or clauses that must all hold. */
export type RoutingCondition = { always: true } | { always: false; clauses: RoutingClause[] };

/** What a document offers to a condition (filled in by ingestion). */
export type RoutingFacts = { [F in RoutingConditionField]: (typeof ROUTING_CONDITION_FIELDS)[F] extends 'number' ? number : string };

export class RoutingConditionError extends Error {
  override name = 'RoutingConditionError';
}

const FIELD_LIST = Object.keys(ROUTING_CONDITION_FIELDS).join(', ');
const CLAUSE = /^\s*([a-z_]+)\s*(==|!=|>=|<=|>|<|contains\b)\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?![\w.])|[A-Za-z_][\w.-]*)\s*/i;
const JOINER = /^(and\b|&&)\s*/i;

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Parses a condition or throws RoutingConditionError with a message fit for the form. */
export function parseRoutingCondition(input: string): RoutingCondition {
  const text = input.trim();
  if (!text) throw new RoutingConditionError('Condition is required (write "always" to match every document).');
  if (/^always$/i.test(text)) return { always: true };
  const clauses: RoutingClause[] = [];
  let rest = text;
  for (;;) {
    const match = CLAUSE.exec(rest);
    if (!match) {
      throw new RoutingConditionError(
        `"${rest.slice(0, 40)}" is not a comparison. Write field operator value, for example file_type == 'pdf' or size_kb > 500.`,
      );
    }
    const [whole, rawField, rawOperator, literal] = match as unknown as [string, string, string, string];
    const field = rawField.toLowerCase();
    if (!(field in ROUTING_CONDITION_FIELDS)) throw new RoutingConditionError(`unknown field "${rawField}". Use one of ${FIELD_LIST}.`);
    const kind = ROUTING_CONDITION_FIELDS[field as RoutingConditionField];
    const operator = rawOperator.toLowerCase() as Operator;
    const isQuoted = literal.startsWith("'") || literal.startsWith('"');
    const isNumber = /^-?\d/.test(literal);
    if (kind === 'number') {
      if (!isNumber) throw new RoutingConditionError(`${field} is a number; compare it with a number, for example ${field} > 500.`);
      if (!(NUMBER_OPERATORS as readonly string[]).includes(operator)) {
        throw new RoutingConditionError(`${field} takes ${NUMBER_OPERATORS.join(' ')}.`);
      }
      clauses.push({ field: field as RoutingConditionField, operator, value: Number(literal) });
    } else {
      if (!isQuoted) throw new RoutingConditionError(`${field} is text; put the value in quotes, for example ${field} == 'pdf'.`);
      if (!(STRING_OPERATORS as readonly string[]).includes(operator)) {
        throw new RoutingConditionError(`${field} takes ${STRING_OPERATORS.join(', ')}.`);
      }
      clauses.push({ field: field as RoutingConditionField, operator, value: unquote(literal).toLowerCase() });
    }
    rest = rest.slice(whole.length);
    if (!rest) break;
    const joiner = JOINER.exec(rest);
    if (!joiner) throw new RoutingConditionError(`join comparisons with "and" (found "${rest.slice(0, 20)}").`);
    rest = rest.slice(joiner[0].length);
  }
  if (clauses.length > 10) throw new RoutingConditionError('At most 10 comparisons.');
  return { always: false, clauses };
}

/** The message of a condition that does not parse, or null when it does. */
export function routingConditionProblem(input: string): string | null {
  try {
    parseRoutingCondition(input);
    return null;
  } catch (error) {
    if (error instanceof RoutingConditionError) return error.message;
    throw error;
  }
}

function holds(clause: RoutingClause, facts: RoutingFacts): boolean {
  const actual = facts[clause.field];
  if (typeof clause.value === 'number') {
    const n = actual as number;
    switch (clause.operator) {
      case '==':
        return n === clause.value;
      case '!=':
        return n !== clause.value;
      case '>':
        return n > clause.value;
      case '>=':
        return n >= clause.value;
      case '<':
        return n < clause.value;
      case '<=':
        return n <= clause.value;
      default:
        return false;
    }
  }
  const s = String(actual).toLowerCase();
  if (clause.operator === 'contains') return s.includes(clause.value);
  return clause.operator === '==' ? s === clause.value : s !== clause.value;
}

export function matchesRoutingCondition(condition: RoutingCondition, facts: RoutingFacts): boolean {
  return condition.always || condition.clauses.every((clause) => holds(clause, facts));
}
