import { z } from 'zod';
import { SYSTEM_PROMPT_MAX } from './chatbots';
import { expectedUpdatedAtSchema } from './common';

/**
 * Behavior Template Management (spec part 2 §2 "Behavior Template Management", §3 behavior_templates, §4, §5, §7, §8)
 * and the read-only list the chatbot builder offers customers.
 */

/** Decided limits (not in the spec; see docs/decisions/README.md). A prompt fits the chatbot's own system prompt field. */
export const BEHAVIOR_TEMPLATE_NAME_MAX = 100;
export const BEHAVIOR_TEMPLATE_DESCRIPTION_MAX = 500;
export const BEHAVIOR_TEMPLATE_PROMPT_MAX = SYSTEM_PROMPT_MAX;
/** The catalogue is bounded, so its list needs no pages. */
export const BEHAVIOR_TEMPLATES_MAX = 100;

/** User-facing text of the screen; quoted strings are the spec's (§5, §8). */
export const BEHAVIOR_TEMPLATE_MESSAGES = {
  required: 'Name and system prompt are required.',
  loadFailed: 'Failed to load behavior templates.',
  setDefaultFailed: 'Failed to set default template.',
  deleteFailed: 'Failed to delete behavior template.',
  saveFailed: 'Failed to save behavior template.',
  nowDefault: (name: string) => `${name} is now the default template.`,
  deleted: 'Behavior template deleted successfully.',
  created: 'Behavior template created successfully.',
  updated: 'Behavior template updated successfully.',
  // Decided wording for rules the spec states without a message.
  notFound: 'Behavior template not found.',
  defaultNotDeletable: 'The default template cannot be deleted. Make another template the default first.',
  defaultNotDeactivatable: 'The default template cannot be deactivated. Make another template the default first.',
  inactiveNotDefault: 'Only an active template can be the default. Activate it first.',
  tooMany: `There are already ${BEHAVIOR_TEMPLATES_MAX} behavior templates. Delete one before adding another.`,
  concurrentChange: 'The default template was changed at the same time. Reload and try again.',
  empty: 'No behavior templates yet. Create the first one to give customers a starting prompt.',
} as const;

/** Name and prompt are checked together so the caller gets the spec's one sentence (§5). */
const requiredText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const createBehaviorTemplateBodySchema = z
  .object({
    name: requiredText(BEHAVIOR_TEMPLATE_NAME_MAX, 'Name').default(''),
    description: requiredText(BEHAVIOR_TEMPLATE_DESCRIPTION_MAX, 'Description').default(''),
    systemPrompt: requiredText(BEHAVIOR_TEMPLATE_PROMPT_MAX, 'System prompt').default(''),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.name || !value.systemPrompt) ctx.addIssue({ code: 'custom', message: BEHAVIOR_TEMPLATE_MESSAGES.required });
  });
export type CreateBehaviorTemplateBody = z.input<typeof createBehaviorTemplateBodySchema>;

/**
 * A PATCH changes what it names; a name or prompt it names may not be blank. With `expectedUpdatedAt` (the version the
 * edit was made on) a template another admin saved since is not overwritten (409). Setting the default does not
 * change a template's version: it edits no content.
 */
export const updateBehaviorTemplateBodySchema = z
  .object({
    name: requiredText(BEHAVIOR_TEMPLATE_NAME_MAX, 'Name'),
    description: requiredText(BEHAVIOR_TEMPLATE_DESCRIPTION_MAX, 'Description'),
    systemPrompt: requiredText(BEHAVIOR_TEMPLATE_PROMPT_MAX, 'System prompt'),
    isActive: z.boolean(),
  })
  .partial()
  .extend({ expectedUpdatedAt: expectedUpdatedAtSchema })
  .superRefine(({ expectedUpdatedAt: _version, ...value }, ctx) => {
    if (value.name === '' || value.systemPrompt === '') ctx.addIssue({ code: 'custom', message: BEHAVIOR_TEMPLATE_MESSAGES.required });
    if (Object.values(value).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', message: 'Nothing to update: give name, description, systemPrompt or isActive' });
  });
export type UpdateBehaviorTemplateBody = z.input<typeof updateBehaviorTemplateBodySchema>;

export const behaviorTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  systemPrompt: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BehaviorTemplate = z.infer<typeof behaviorTemplateSchema>;
export const behaviorTemplateListSchema = z.object({ items: z.array(behaviorTemplateSchema) });

/** What a customer's builder sees: active templates only, the default first. */
export const behaviorTemplateOptionSchema = behaviorTemplateSchema.pick({ id: true, name: true, description: true, systemPrompt: true, isDefault: true });
export type BehaviorTemplateOption = z.infer<typeof behaviorTemplateOptionSchema>;
export const behaviorTemplateOptionListSchema = z.object({ items: z.array(behaviorTemplateOptionSchema) });
