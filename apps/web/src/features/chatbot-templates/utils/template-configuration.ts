import { CHATBOT_TEMPLATE_MESSAGES, NEW_TEMPLATE_CONFIGURATION, type TemplateDifficulty } from '@parley/shared/contracts/chatbot-templates';

/** A configuration as the dialog holds it: any JSON object (custom keys are kept). */
export type Configuration = Record<string, unknown>;

/** The configuration's known keys as the dialog's fields edit them; lists are one entry per line. */
export interface ConfigurationFields {
  category: string;
  industry: string;
  difficulty: TemplateDifficulty | string;
  setupTime: string;
  templateId: string;
  features: string;
  useCases: string;
  systemPrompt: string;
  welcomeMessage: string;
  suggestedQuestions: string;
}

/** The keys the fields own, in the order the JSON view shows them; other keys follow as written. */
export const KNOWN_KEYS = [
  'category',
  'industry',
  'features',
  'difficulty',
  'setupTime',
  'useCases',
  'templateId',
  'systemPrompt',
  'welcomeMessage',
  'suggestedQuestions',
] as const;

export type ParsedConfiguration = { ok: true; value: Configuration } | { ok: false; message: string };

/** Spec §5: the configuration must be valid JSON — and, to be a configuration, a JSON object. */
export function parseConfigurationJson(text: string): ParsedConfiguration {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    return { ok: false, message: CHATBOT_TEMPLATE_MESSAGES.invalidJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: CHATBOT_TEMPLATE_MESSAGES.invalidJson };
  return { ok: true, value: value as Configuration };
}

/** Known keys first in a fixed order, then the rest; two-space indentation. */
export function formatConfiguration(configuration: Configuration): string {
  const ordered: Configuration = {};
  for (const key of KNOWN_KEYS) if (configuration[key] !== undefined) ordered[key] = configuration[key];
  for (const [key, value] of Object.entries(configuration)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  return JSON.stringify(ordered, null, 2);
}

/** One entry per line; blank lines and surrounding spaces dropped. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const textOf = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const linesOf = (value: unknown) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n') : '');

export function fieldsFromConfiguration(configuration: Configuration): ConfigurationFields {
  return {
    category: textOf(configuration.category, NEW_TEMPLATE_CONFIGURATION.category),
    industry: textOf(configuration.industry, NEW_TEMPLATE_CONFIGURATION.industry),
    difficulty: textOf(configuration.difficulty, NEW_TEMPLATE_CONFIGURATION.difficulty),
    setupTime: textOf(configuration.setupTime, NEW_TEMPLATE_CONFIGURATION.setupTime),
    templateId: textOf(configuration.templateId),
    features: linesOf(configuration.features),
    useCases: linesOf(configuration.useCases),
    systemPrompt: textOf(configuration.systemPrompt),
    welcomeMessage: textOf(configuration.welcomeMessage),
    suggestedQuestions: linesOf(configuration.suggestedQuestions),
  };
}

/**
 * The configuration the fields describe, on top of `base` so that keys the fields do not know survive. Optional
 * prefill left blank is left out, so the builder keeps its own default for it.
 */
export function configurationFromFields(fields: ConfigurationFields, base: Configuration = {}): Configuration {
  const next: Configuration = {
    ...base,
    category: fields.category.trim(),
    industry: fields.industry.trim(),
    features: linesToList(fields.features),
    difficulty: fields.difficulty,
    setupTime: fields.setupTime.trim(),
    useCases: linesToList(fields.useCases),
  };
  const optional = {
    templateId: fields.templateId.trim(),
    systemPrompt: fields.systemPrompt.trim(),
    welcomeMessage: fields.welcomeMessage.trim(),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value) next[key] = value;
    else delete next[key];
  }
  const questions = linesToList(fields.suggestedQuestions);
  if (questions.length) next.suggestedQuestions = questions;
  else delete next.suggestedQuestions;
  return next;
}

/** A new template's configuration (spec §9). */
export function newConfiguration(): Configuration {
  return { ...NEW_TEMPLATE_CONFIGURATION, features: [], useCases: [] };
}

/** What a template fills in the builder, for its card ("Prefills the prompt, welcome message and 2 questions"). */
export function prefillSummary(configuration: Configuration): string | null {
  const parts: string[] = [];
  if (typeof configuration.systemPrompt === 'string' && configuration.systemPrompt) parts.push('the prompt');
  if (typeof configuration.welcomeMessage === 'string' && configuration.welcomeMessage) parts.push('the welcome message');
  const questions = Array.isArray(configuration.suggestedQuestions) ? configuration.suggestedQuestions.length : 0;
  if (questions) parts.push(`${questions} suggested question${questions === 1 ? '' : 's'}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `Prefills ${list}`;
}
