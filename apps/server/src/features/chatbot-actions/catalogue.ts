import {
  CHATBOT_ACTION_DESCRIPTION_MAX,
  CHATBOT_ACTION_HEADER_VALUE_MAX,
  CHATBOT_ACTION_HEADERS_MAX,
  CHATBOT_ACTION_NAME_MAX,
  CHATBOT_ACTION_PARAMETERS_MAX,
  CHATBOT_ACTION_RESERVED_HEADERS,
  CHATBOT_ACTION_URL_MAX,
  type ActionCatalogue,
} from '@parley/shared/contracts/chatbot-actions';
import { templateMcpServer } from '@parley/shared/contracts/ai-actions';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ActionWebhook } from '../../db/schema/catalogue';
import { aiActionCategories, aiActionTemplates, chatbotActions } from '../../db/schema/index';
import { findChatbotInOrganization } from '../chatbots/index';
import { compileParameters, MASK, maskSecrets } from './arguments';

type TemplateRow = typeof aiActionTemplates.$inferSelect;

const EMPTY_PARAMETERS = { type: 'object', properties: {} };
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/**
 * A tool name from the template's name: accents dropped, lowercase, every run of other characters one `_`, at most
 * CHATBOT_ACTION_NAME_MAX characters; `action` when nothing is left ("Lead capture" → `lead_capture`).
 */
export function toolNameFrom(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, CHATBOT_ACTION_NAME_MAX)
    .replace(/_+$/, '');
  return base || 'action';
}

/** The first name not yet taken on the chatbot: `name`, then `name_2`, `name_3`, … (kept within the length). */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, CHATBOT_ACTION_NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Text cut to `max` characters at a word where it can be, with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max / 2 ? head.slice(0, space) : head}…`;
}

/**
 * What the model reads. The instructions template is written for the assistant ("use this when…, ask for… first"),
 * which is what an action's description is for, so it wins when it is there; else the template's description (written
 * for people browsing the catalogue); else a sentence from the name.
 */
export function suggestedDescription(template: Pick<TemplateRow, 'name' | 'description' | 'instructionsTemplate'>): string {
  const instructions = template.instructionsTemplate.trim();
  const description = template.description.trim();
  if (instructions && (instructions.length <= CHATBOT_ACTION_DESCRIPTION_MAX || !description)) return cut(instructions, CHATBOT_ACTION_DESCRIPTION_MAX);
  if (description) return cut(description, CHATBOT_ACTION_DESCRIPTION_MAX);
  return cut(`Runs the “${template.name.trim()}” action.`, CHATBOT_ACTION_DESCRIPTION_MAX);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > CHATBOT_ACTION_URL_MAX) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The first webhook's address and headers. Headers an action may not carry are left out: those Parley sets itself
 * (`Content-Type`, the `webhook-*` ones), names or values the action contract refuses, and anything that looks like a
 * credential (an `Authorization` header, an `X-Api-Key`, a bearer token): the operator's secrets are not handed to every
 * owner who opens the catalogue, and an action's headers are not secret (the owner adds their own signing secret).
 */
export function suggestedEndpoint(webhooks: unknown): { url: string | null; headers: Record<string, string> } {
  const first = (Array.isArray(webhooks) ? webhooks[0] : undefined) as Partial<ActionWebhook> | undefined;
  if (!first || typeof first !== 'object') return { url: null, headers: {} };
  const url = isHttpUrl(first.endpoint_url) ? first.endpoint_url : null;
  const headers: Record<string, string> = {};
  const stored = first.headers && typeof first.headers === 'object' ? first.headers : {};
  for (const [name, value] of Object.entries(stored)) {
    if (Object.keys(headers).length >= CHATBOT_ACTION_HEADERS_MAX) break;
    if (typeof value !== 'string' || !HEADER_NAME.test(name)) continue;
    if ((CHATBOT_ACTION_RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase())) continue;
    if (value.length > CHATBOT_ACTION_HEADER_VALUE_MAX || /[\r\n\0]/.test(value)) continue;
    if ((maskSecrets({ [name]: value }) as Record<string, unknown>)[name] === MASK) continue;
    headers[name] = value;
  }
  return { url, headers };
}

/**
 * The parameters: `template_config` as JSON with a `parameters` object schema (`type: "object"`) that compiles, else
 * an object without properties. A schema that would be refused when saved is not offered, so a prefilled form saves.
 */
export function suggestedParameters(templateConfig: string): Record<string, unknown> {
  let config: unknown;
  try {
    config = JSON.parse(templateConfig);
  } catch {
    return EMPTY_PARAMETERS;
  }
  const parameters = config && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>).parameters : undefined;
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return EMPTY_PARAMETERS;
  const schema = parameters as Record<string, unknown>;
  if (schema.type !== 'object' || JSON.stringify(schema).length > CHATBOT_ACTION_PARAMETERS_MAX) return EMPTY_PARAMETERS;
  try {
    compileParameters(schema);
  } catch {
    return EMPTY_PARAMETERS;
  }
  return schema;
}

/**
 * What the action calls: the MCP server the template points to (`template_config.mcp`, its tools' schemas are the
 * parameters, listed by the owner), else the first webhook with the template's parameters. An MCP entry wins over
 * webhooks: the operator pointed the template to the server on purpose.
 */
export function suggestedSource(
  template: Pick<TemplateRow, 'templateConfig' | 'webhooks'>,
): Pick<ActionCatalogue['items'][number]['suggested'], 'kind' | 'url' | 'headers' | 'parameters' | 'mcpTools'> {
  const mcp = templateMcpServer(template.templateConfig);
  if (mcp) return { kind: 'mcp', url: mcp.url, headers: {}, parameters: EMPTY_PARAMETERS, mcpTools: mcp.tools };
  return { kind: 'webhook', ...suggestedEndpoint(template.webhooks), parameters: suggestedParameters(template.templateConfig), mcpTools: [] };
}

/**
 * The operator's published catalogue as an owner sees it (decisions/0052-actions-builder.md): the active templates,
 * featured first, then by category and name, each with the action it starts. The suggested name is one the chatbot
 * does not use yet.
 */
export async function actionCatalogue(db: Db, organizationId: string, chatbotId: string): Promise<ActionCatalogue> {
  await findChatbotInOrganization(db, organizationId, chatbotId);
  const rows = await db
    .select({ template: aiActionTemplates, category: aiActionCategories.name })
    .from(aiActionTemplates)
    .leftJoin(aiActionCategories, eq(aiActionCategories.id, aiActionTemplates.categoryId))
    .where(eq(aiActionTemplates.isActive, true))
    .orderBy(desc(aiActionTemplates.isFeatured), asc(aiActionCategories.sortOrder), asc(aiActionTemplates.name), asc(aiActionTemplates.id));
  const taken = new Set(
    (await db.select({ name: chatbotActions.name }).from(chatbotActions).where(eq(chatbotActions.chatbotId, chatbotId))).map((r) => r.name),
  );
  return {
    items: rows.map(({ template, category }) => ({
      templateId: template.id,
      name: template.name,
      description: template.description,
      category: category ?? null,
      icon: template.icon,
      isFeatured: template.isFeatured,
      suggested: {
        name: freeName(toolNameFrom(template.name), taken),
        description: suggestedDescription(template),
        ...suggestedSource(template),
      },
    })),
  };
}
