import { ACTION_OFFER_FIELD_TYPES, type ActionOffer, type ActionOfferField } from '@parley/shared/contracts/chatbot-actions';
import type { Database } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import type { Embedder } from '../../rag/embedders/types';
import { organizationTier } from '../usage/index';
import { enabledActions, type ChatbotActionRow } from './service';
import { validatorOf } from './tools';

/**
 * The least cosine similarity (all-MiniLM-L6-v2) between the visitor's question and an action's description for the
 * action to be offered as a button. Calibrated in button-offers.test.ts on five actions and two dozen questions:
 * questions asking for an action score 0.39–0.65 with its description ("has my package shipped yet" and "Looks up the
 * status and delivery date of an order…" 0.39, "Can I book a demo?" and "Books a product demo…" 0.59), questions about
 * something else at most 0.31 ("What payment methods do you accept?" and a refund request). A description is written
 * about the action ("Books…"), not as a question, so it scores lower than an answer's sentence does
 * (MIN_ANSWER_SIMILARITY, 0.45).
 */
export const BUTTON_OFFER_SIMILARITY = 0.38;
/** Actions this far below the best match are left out: "How do I return an item?" offers the refund, not the call-back. */
export const BUTTON_OFFER_MARGIN = 0.1;
export const BUTTON_OFFERS_MAX = 3;
/** More fields than this is a form, not a button. */
const FIELDS_MAX = 8;

/** Keywords that make a parameter (or the parameters) more than a field the widget can show. */
const COMPOSED = [
  '$ref',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'properties',
  'items',
  'patternProperties',
  'dependentRequired',
  'dependencies',
];
const COMPOSED_TOP = COMPOSED.filter((keyword) => keyword !== 'properties');

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `order_id` and `orderId` as "Order id". */
export function inWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const buttonLabelOf = (action: Pick<ChatbotActionRow, 'buttonLabel' | 'name'>) => action.buttonLabel?.trim() || inWords(action.name);

/**
 * The action's top-level parameters as fields the widget can ask the visitor for (strings, numbers, integers,
 * booleans, a string's `enum`), or null when they cannot all be shown that way: nested objects, arrays, composed or
 * referenced schemas, a required name without a property. Such an action is not offered as a button.
 */
export function offerFields(parameters: Record<string, unknown>): ActionOfferField[] | null {
  if (parameters.type !== 'object' || COMPOSED_TOP.some((keyword) => keyword in parameters)) return null;
  const properties = parameters.properties ?? {};
  if (!isObject(properties)) return null;
  const required = parameters.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string' || !(name in properties))) return null;
  const names = Object.keys(properties);
  if (names.length > FIELDS_MAX) return null;
  const fields: ActionOfferField[] = [];
  for (const name of names) {
    const property = properties[name];
    if (!isObject(property) || COMPOSED.some((keyword) => keyword in property)) return null;
    const type = property.type;
    if (typeof type !== 'string' || !(ACTION_OFFER_FIELD_TYPES as readonly string[]).includes(type)) return null;
    const field: ActionOfferField = {
      name,
      label: typeof property.title === 'string' && property.title.trim() ? property.title.trim() : inWords(name),
      type: type as ActionOfferField['type'],
      required: required.includes(name),
      description: typeof property.description === 'string' ? property.description.trim() : '',
    };
    if (property.enum !== undefined) {
      if (type !== 'string' || !Array.isArray(property.enum) || !property.enum.every((option) => typeof option === 'string')) return null;
      field.options = property.enum as string[];
    }
    fields.push(field);
  }
  return fields;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}

/** An action row as a button: its label, description and fields (computed once per row read, like its validator). */
const offers = new WeakMap<ChatbotActionRow, ActionOffer | null>();
function offerOf(action: ChatbotActionRow): ActionOffer | null {
  if (offers.has(action)) return offers.get(action)!;
  const fields = validatorOf(action) ? offerFields(action.parameters) : null;
  const offer = fields ? { actionId: action.id, label: buttonLabelOf(action), description: action.description, fields } : null;
  offers.set(action, offer);
  return offer;
}

/**
 * The vector of each action's description, by embedder: rows from the read cache are the same objects until an
 * action changes, so a description is embedded once per change, not once per question.
 */
const descriptionVectors = new WeakMap<ChatbotActionRow, Map<string, number[]>>();

export interface ButtonOffersInput {
  chatbot: { id: string; organizationId: string };
  /** The visitor's words, and for a follow-up the question it was read as: the better match counts. */
  questions: string[];
  /** The sentence-embedding model (rag/answerers/by-meaning.ts `sentenceModel()`); null where it cannot run. */
  embedder: Embedder | null;
  readCache?: ReadCache;
  signal?: AbortSignal;
}

/**
 * The actions offered to the visitor as buttons on a turn without a model: the chatbot's enabled actions marked
 * `offerAsButton` whose parameters can be shown as fields, whose description is within BUTTON_OFFER_SIMILARITY of the
 * question by meaning (and BUTTON_OFFER_MARGIN of the best), best first, at most BUTTON_OFFERS_MAX. None when the
 * tier allows no action calls or the sentence model cannot run here (decisions/0051-action-buttons.md).
 */
export async function buttonOffersForTurn(database: Database, input: ButtonOffersInput): Promise<ActionOffer[]> {
  const { embedder } = input;
  if (!embedder || input.questions.length === 0) return [];
  const candidates = (await enabledActions(database.db, input.chatbot.id, input.readCache)).filter((action) => action.offerAsButton && offerOf(action));
  if (candidates.length === 0) return [];
  const tier = await organizationTier(database.db, input.chatbot.organizationId, input.readCache);
  if (tier.maxActionCallsPerTurn <= 0) return [];

  const questions = [...new Set(input.questions)];
  const missing = candidates.filter((action) => !descriptionVectors.get(action)?.has(embedder.id));
  // One run of the model for what it has not seen: the question is usually a hit of the sentence model's own cache
  // (the built-in answerer embedded it a moment ago), and descriptions are embedded once per change.
  const vectors = await embedder.embed([...questions, ...missing.map((action) => action.description)], input.signal ? { signal: input.signal } : {});
  missing.forEach((action, i) => {
    const byEmbedder = descriptionVectors.get(action) ?? new Map<string, number[]>();
    byEmbedder.set(embedder.id, vectors[questions.length + i]!);
    descriptionVectors.set(action, byEmbedder);
  });
  const questionVectors = vectors.slice(0, questions.length);
  const scored = candidates
    .map((action) => {
      const description = descriptionVectors.get(action)!.get(embedder.id)!;
      return { action, score: Math.max(...questionVectors.map((question) => cosine(question, description))) };
    })
    .filter((entry) => entry.score >= BUTTON_OFFER_SIMILARITY)
    .sort((a, b) => b.score - a.score || a.action.name.localeCompare(b.action.name));
  const best = scored[0]?.score ?? 0;
  return scored
    .filter((entry) => entry.score >= best - BUTTON_OFFER_MARGIN)
    .slice(0, BUTTON_OFFERS_MAX)
    .map((entry) => offerOf(entry.action)!);
}
