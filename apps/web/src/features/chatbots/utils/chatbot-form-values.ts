import {
  DEFAULT_SYSTEM_PROMPT,
  MODEL_PROVIDERS,
  updateChatbotBodySchema,
  type Chatbot,
  type CreateChatbotBody,
  type createChatbotBodySchema,
} from '@parley/shared/contracts/chatbots';
import type { BehaviorTemplateOption } from '@parley/shared/contracts/behavior-templates';
import type { ChatbotTemplateOption } from '@parley/shared/contracts/chatbot-templates';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
/** What the builder's fields hold: every field of the create contract, always present. */
export type ChatbotFormValues = Required<Omit<CreateChatbotBody, 'organizationId' | 'appearance'>> & {
  appearance: Required<NonNullable<CreateChatbotBody['appearance']>>;
};
/** The form's values after the contract parsed them (trimmed, origins normalised). */
export type ChatbotFormOutput = z.output<typeof createChatbotBodySchema>;
export type ChatbotChanges = z.input<typeof updateChatbotBodySchema>;

/** One suggested question, as the contract checks each item of the list. */
export const suggestedQuestionSchema = updateChatbotBodySchema.shape.suggestedQuestions.unwrap().element;

/** The model a provider starts with when it is picked; the user can type another for the two external ones. */
export const DEFAULT_MODEL_NAMES: Readonly<Record<ModelProvider, string>> = {
  builtin: 'extractive',
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-2.5-flash',
  mistral: 'mistral-small-latest',
  'openai-compatible': 'llama3.1',
};

/** The contract's defaults, spelled out so that every field starts filled in. */
export const NEW_CHATBOT_VALUES: ChatbotFormValues = {
  name: '',
  description: '',
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  modelProvider: 'builtin',
  modelName: DEFAULT_MODEL_NAMES.builtin,
  temperature: 0.3,
  welcomeMessage: 'Hi! Ask me anything about our documentation.',
  suggestedQuestions: [],
  appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Chat with us', avatarUrl: null },
  allowedOrigins: [],
  status: 'draft',
  retrievalTopK: 5,
  handoffEnabled: true,
  handoffAlertMinutes: null,
};

/** The default behavior template (the server lists it first), if the catalogue has one. */
export function defaultBehaviorTemplate(options: readonly BehaviorTemplateOption[] | undefined): BehaviorTemplateOption | undefined {
  return options?.find((option) => option.isDefault) ?? options?.[0];
}

/** The template whose prompt the field holds, if any: the picker shows it; a hand-edited prompt matches none. */
export function matchingBehaviorTemplate(options: readonly BehaviorTemplateOption[] | undefined, systemPrompt: string): BehaviorTemplateOption | undefined {
  const prompt = systemPrompt.trim();
  return options?.find((option) => option.systemPrompt.trim() === prompt);
}

/**
 * A new chatbot's starting values: the default behavior template's prompt preselected, and, when the customer starts
 * from a chatbot template, its name, description and whatever settings it carries (prompt, welcome message, questions).
 */
export function newChatbotValues({
  behaviorTemplates,
  template,
}: {
  behaviorTemplates?: readonly BehaviorTemplateOption[] | undefined;
  template?: ChatbotTemplateOption | undefined;
}): ChatbotFormValues {
  const systemPrompt = template?.configuration.systemPrompt || defaultBehaviorTemplate(behaviorTemplates)?.systemPrompt || NEW_CHATBOT_VALUES.systemPrompt;
  if (!template) return { ...NEW_CHATBOT_VALUES, systemPrompt };
  const { configuration } = template;
  return {
    ...NEW_CHATBOT_VALUES,
    name: template.name,
    description: template.description,
    systemPrompt,
    welcomeMessage: configuration.welcomeMessage || NEW_CHATBOT_VALUES.welcomeMessage,
    suggestedQuestions: configuration.suggestedQuestions ? [...configuration.suggestedQuestions] : [],
  };
}

export function isModelProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

export function toFormValues(chatbot: Chatbot): ChatbotFormValues {
  return {
    name: chatbot.name,
    description: chatbot.description,
    systemPrompt: chatbot.systemPrompt,
    // A provider this web app does not know yet is shown as the built-in one rather than breaking the form.
    modelProvider: isModelProvider(chatbot.modelProvider) ? chatbot.modelProvider : 'builtin',
    modelName: chatbot.modelName,
    temperature: chatbot.temperature,
    welcomeMessage: chatbot.welcomeMessage,
    suggestedQuestions: [...chatbot.suggestedQuestions],
    appearance: { ...chatbot.appearance },
    allowedOrigins: [...chatbot.allowedOrigins],
    status: chatbot.status,
    retrievalTopK: chatbot.retrievalTopK,
    handoffEnabled: chatbot.handoffEnabled,
    handoffAlertMinutes: chatbot.handoffAlertMinutes,
  };
}

const EDITABLE_FIELDS = [
  'name',
  'description',
  'systemPrompt',
  'modelProvider',
  'modelName',
  'temperature',
  'welcomeMessage',
  'suggestedQuestions',
  'appearance',
  'allowedOrigins',
  'status',
  'retrievalTopK',
  'handoffEnabled',
  'handoffAlertMinutes',
] as const satisfies readonly (keyof ChatbotChanges)[];

/**
 * The fields whose value differs from the saved chatbot. Saving sends only these, so a change made elsewhere
 * meanwhile (the Embed tab's Live switch) is not overwritten by the form's older copy.
 */
export function changedFields(values: ChatbotFormOutput, chatbot: Chatbot): ChatbotChanges {
  const saved = toFormValues(chatbot);
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    if (JSON.stringify(values[field]) !== JSON.stringify(saved[field])) changes[field] = values[field];
  }
  return changes as ChatbotChanges;
}

/**
 * The wait-alert field as typed: empty means never (null); anything else is a number for the contract to check, an
 * unreadable one NaN so that it is reported rather than quietly turned off.
 */
export function alertMinutesFromInput(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** The builder's form, as its sections receive it. */
export type ChatbotFormApi = UseFormReturn<ChatbotFormValues, unknown, ChatbotFormOutput>;
