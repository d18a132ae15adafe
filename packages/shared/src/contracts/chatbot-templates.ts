import { z } from 'zod';
import { SUGGESTED_QUESTIONS_MAX, SYSTEM_PROMPT_MAX } from './chatbots';
import { expectedUpdatedAtSchema } from './common';

/**
 * Template Management — chatbot templates (spec part 2 §2, §3 global_ai_agents, §5, §6, §7, §8, §9) and the read-only
 * gallery customers start a chatbot from. Beyond the spec, a template's configuration may carry settings the
 * builder prefills: systemPrompt, welcomeMessage and suggestedQuestions (see docs/decisions/README.md).
 */

export const AGENT_TYPES = ['chatbot_template', 'document_processing', 'n8n_workflow'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const TEMPLATE_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type TemplateDifficulty = (typeof TEMPLATE_DIFFICULTIES)[number];

/** Decided limits (not in the spec; see docs/decisions/README.md). */
export const CHATBOT_TEMPLATE_NAME_MAX = 100;
export const CHATBOT_TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_LABEL_MAX = 60;
export const TEMPLATE_LIST_ITEMS_MAX = 20;
export const TEMPLATE_LIST_ITEM_MAX = 100;
export const TEMPLATE_ID_MAX = 64;
export const WELCOME_MESSAGE_MAX = 500;
export const SUGGESTED_QUESTION_MAX = 200;
/** The whole configuration as JSON text, custom keys included. */
export const TEMPLATE_CONFIGURATION_MAX_CHARS = 20_000;
/** The catalogue is bounded, so its lists need no pages. */
export const CHATBOT_TEMPLATES_MAX = 200;
/** How many features a card names before "+N" (spec §2). */
export const TEMPLATE_CARD_FEATURES_SHOWN = 2;

/** Spec §9: a new template's configuration. */
export const NEW_TEMPLATE_CONFIGURATION = {
  category: 'General',
  industry: 'General',
  difficulty: 'Beginner',
  setupTime: '10 mins',
  features: [] as string[],
  useCases: [] as string[],
} as const;
export const DEFAULT_AGENT_TYPE: AgentType = 'chatbot_template';

/** User-facing text of the screen; quoted strings are the spec's (§5, §6, §8). */
export const CHATBOT_TEMPLATE_MESSAGES = {
  invalidJson: 'Invalid JSON configuration',
  saveFailed: (reason: string) => `Failed to create/update template: ${reason}`,
  deleteFailed: (reason: string) => `Failed to delete template: ${reason}`,
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully',
  // Decided wording for what the spec does not show.
  loadFailed: 'Failed to load templates',
  notFound: 'Template not found.',
  nameRequired: 'Name is required',
  tooMany: `There are already ${CHATBOT_TEMPLATES_MAX} chatbot templates. Delete one before adding another.`,
  configurationTooLarge: `The configuration must be at most ${TEMPLATE_CONFIGURATION_MAX_CHARS} characters of JSON`,
  empty: 'No chatbot templates yet. Add one to give customers a ready-made starting point.',
} as const;

const label = (name: string, fallback: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(TEMPLATE_LABEL_MAX, `${name} must be at most ${TEMPLATE_LABEL_MAX} characters`)
    .transform((value) => value || fallback);

const textList = (name: string, itemName: string, maxItems = TEMPLATE_LIST_ITEMS_MAX, itemMax = TEMPLATE_LIST_ITEM_MAX) =>
  z
    .array(
      z
        .string({ error: `Each ${itemName} must be text` })
        .trim()
        .min(1, `${name} may not contain blank entries`)
        .max(itemMax, `Each ${itemName} must be at most ${itemMax} characters`),
      { error: `${name} must be a list of text` },
    )
    .max(maxItems, `At most ${maxItems} ${name.toLowerCase()}`);

/** The keys the spec names, plus the builder prefill; other keys are kept as the admin wrote them. */
const configurationShape = {
  category: label('Category', NEW_TEMPLATE_CONFIGURATION.category).default(NEW_TEMPLATE_CONFIGURATION.category),
  industry: label('Industry', NEW_TEMPLATE_CONFIGURATION.industry).default(NEW_TEMPLATE_CONFIGURATION.industry),
  features: textList('Features', 'feature').default([]),
  difficulty: z
    .enum(TEMPLATE_DIFFICULTIES, { error: `Difficulty must be one of ${TEMPLATE_DIFFICULTIES.join(', ')}` })
    .default(NEW_TEMPLATE_CONFIGURATION.difficulty),
  setupTime: label('Setup time', NEW_TEMPLATE_CONFIGURATION.setupTime).default(NEW_TEMPLATE_CONFIGURATION.setupTime),
  useCases: textList('Use cases', 'use case').default([]),
  templateId: z
    .string({ error: 'templateId must be text' })
    .trim()
    .max(TEMPLATE_ID_MAX, `templateId must be at most ${TEMPLATE_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'templateId may contain only letters, digits, underscores and hyphens')
    .optional(),
  systemPrompt: z
    .string({ error: 'systemPrompt must be text' })
    .trim()
    .max(SYSTEM_PROMPT_MAX, `systemPrompt must be at most ${SYSTEM_PROMPT_MAX} characters`)
    .optional(),
  welcomeMessage: z
    .string({ error: 'welcomeMessage must be text' })
    .trim()
    .max(WELCOME_MESSAGE_MAX, `welcomeMessage must be at most ${WELCOME_MESSAGE_MAX} characters`)
    .optional(),
  suggestedQuestions: textList('Suggested questions', 'suggested question', SUGGESTED_QUESTIONS_MAX, SUGGESTED_QUESTION_MAX).optional(),
};

/** Blank optional texts are dropped rather than stored as "". */
function dropBlankOptionals<T extends Record<string, unknown>>(value: T): T {
  const copy: Record<string, unknown> = { ...value };
  for (const key of ['templateId', 'systemPrompt', 'welcomeMessage'] as const) if (copy[key] === '') delete copy[key];
  return copy as T;
}

export const chatbotTemplateConfigurationSchema = z
  .looseObject(configurationShape, { error: 'Configuration must be a JSON object' })
  .superRefine((value, ctx) => {
    if (JSON.stringify(value).length > TEMPLATE_CONFIGURATION_MAX_CHARS)
      ctx.addIssue({ code: 'custom', message: CHATBOT_TEMPLATE_MESSAGES.configurationTooLarge });
  })
  .transform(dropBlankOptionals);
export type ChatbotTemplateConfiguration = z.output<typeof chatbotTemplateConfigurationSchema>;
export type ChatbotTemplateConfigurationInput = z.input<typeof chatbotTemplateConfigurationSchema>;

const nameSchema = z
  .string({ error: CHATBOT_TEMPLATE_MESSAGES.nameRequired })
  .trim()
  .min(1, CHATBOT_TEMPLATE_MESSAGES.nameRequired)
  .max(CHATBOT_TEMPLATE_NAME_MAX, `Name must be at most ${CHATBOT_TEMPLATE_NAME_MAX} characters`);
const descriptionSchema = z.string().trim().max(CHATBOT_TEMPLATE_DESCRIPTION_MAX, `Description must be at most ${CHATBOT_TEMPLATE_DESCRIPTION_MAX} characters`);

export const createChatbotTemplateBodySchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  configuration: chatbotTemplateConfigurationSchema.default({ ...NEW_TEMPLATE_CONFIGURATION, features: [], useCases: [] }),
  isActive: z.boolean().default(true),
});
export type CreateChatbotTemplateBody = z.input<typeof createChatbotTemplateBodySchema>;

/** A PATCH changes what it names; with `expectedUpdatedAt` a template another admin saved since is not overwritten (409). */
export const updateChatbotTemplateBodySchema = z
  .object({ name: nameSchema, description: descriptionSchema, configuration: chatbotTemplateConfigurationSchema, isActive: z.boolean() })
  .partial()
  .extend({ expectedUpdatedAt: expectedUpdatedAtSchema })
  .refine(
    ({ expectedUpdatedAt: _version, ...value }) => Object.values(value).some((v) => v !== undefined),
    'Nothing to update: give name, description, configuration or isActive',
  );
export type UpdateChatbotTemplateBody = z.input<typeof updateChatbotTemplateBodySchema>;

/** What leaves the server: the known keys (custom keys too, for the admin's raw JSON). */
const configurationResponseShape = {
  category: z.string(),
  industry: z.string(),
  features: z.array(z.string()),
  difficulty: z.string(),
  setupTime: z.string(),
  useCases: z.array(z.string()),
  templateId: z.string().optional(),
  systemPrompt: z.string().optional(),
  welcomeMessage: z.string().optional(),
  suggestedQuestions: z.array(z.string()).optional(),
};

export const chatbotTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  agentType: z.enum(AGENT_TYPES),
  configuration: z.looseObject(configurationResponseShape),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatbotTemplate = z.infer<typeof chatbotTemplateSchema>;
export const chatbotTemplateListSchema = z.object({ items: z.array(chatbotTemplateSchema) });

/** The customer's gallery: active templates with the known configuration keys only. */
export const chatbotTemplateOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  configuration: z.object(configurationResponseShape),
});
export type ChatbotTemplateOption = z.infer<typeof chatbotTemplateOptionSchema>;
export const chatbotTemplateOptionListSchema = z.object({ items: z.array(chatbotTemplateOptionSchema) });

/** Spec §2: a card names the first features and counts the rest as "+N". */
export function featureSummary(
  features: readonly string[],
  shown: number = TEMPLATE_CARD_FEATURES_SHOWN,
): { shown: string[]; more: number; moreLabel: string | null } {
  const visible = features.slice(0, Math.max(0, shown));
  const more = features.length - visible.length;
  return { shown: visible, more, moreLabel: more > 0 ? `+${more}` : null };
}
