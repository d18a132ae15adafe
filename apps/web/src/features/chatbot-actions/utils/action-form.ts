import {
  CHATBOT_ACTION_DESCRIPTION_MAX,
  CHATBOT_ACTION_MESSAGES,
  CHATBOT_ACTION_NAME_MAX,
  createChatbotActionBodySchema,
  updateChatbotActionBodySchema,
  type ActionCatalogue,
  type ChatbotAction,
  type ChatbotActionKind,
  type CreateChatbotActionBody,
  type UpdateChatbotActionBody,
} from '@parley/shared/contracts/chatbot-actions';

/** A write-only secret in an edit form: left as saved, set (or replaced) with a new value, or removed. */
export type SecretChoice = 'keep' | 'set' | 'remove';

export interface HeaderRow {
  name: string;
  value: string;
}

/** What the action form edits. Headers are rows, the parameters JSON text, as the owner writes them. */
export interface ActionFormValues {
  kind: ChatbotActionKind;
  templateId: string | null;
  name: string;
  description: string;
  url: string;
  headers: HeaderRow[];
  secretChoice: SecretChoice;
  signingSecret: string;
  mcpTool: string;
  tokenChoice: SecretChoice;
  authToken: string;
  n8nEndpointId: string;
  offerAsButton: boolean;
  buttonLabel: string;
  parametersText: string;
}

export type ActionFormField = keyof ActionFormValues;
export type ActionFormErrors = Partial<Record<ActionFormField, string>>;

/** The kinds that call out to an address (and so have a URL, headers or a token, and parameters). */
export const CALLS_OUT: ReadonlySet<ChatbotActionKind> = new Set(['webhook', 'mcp']);

const EMPTY_PARAMETERS = { type: 'object', properties: {} };

/** A new action's starting point for each kind: built-in kinds start with a name and a description the model can use. */
const STARTERS: Record<ChatbotActionKind, Pick<ActionFormValues, 'name' | 'description'>> = {
  webhook: { name: '', description: '' },
  mcp: { name: '', description: '' },
  handoff: {
    name: 'hand_off_to_person',
    description: 'Hands the conversation to a person on the team. Use it when the visitor asks for a person, or when the question needs one.',
  },
  contact: {
    name: 'collect_contact_details',
    description:
      'Keeps the visitor’s name, e-mail address and phone number with the conversation so the team can follow up. Use it when the visitor gives them or asks to be contacted.',
  },
  n8n: { name: 'run_workflow', description: '' },
};

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function newActionValues(kind: ChatbotActionKind): ActionFormValues {
  return {
    kind,
    templateId: null,
    ...STARTERS[kind],
    url: '',
    headers: [],
    secretChoice: 'set',
    signingSecret: '',
    mcpTool: '',
    tokenChoice: 'set',
    authToken: '',
    n8nEndpointId: '',
    offerAsButton: false,
    buttonLabel: '',
    parametersText: pretty(EMPTY_PARAMETERS),
  };
}

/** A webhook action started from a catalogue template: everything the catalogue suggests, the secret left to the owner. */
export function fromCatalogue(item: ActionCatalogue['items'][number]): ActionFormValues {
  const { suggested } = item;
  return {
    ...newActionValues('webhook'),
    templateId: item.templateId,
    name: suggested.name,
    description: suggested.description,
    url: suggested.url ?? '',
    headers: Object.entries(suggested.headers).map(([name, value]) => ({ name, value })),
    parametersText: pretty(suggested.parameters),
  };
}

/** A saved action as the edit form shows it; secrets stay on the server (kept unless the owner sets or removes them). */
export function toFormValues(action: ChatbotAction): ActionFormValues {
  return {
    kind: action.kind,
    templateId: action.templateId,
    name: action.name,
    description: action.description,
    url: action.url ?? '',
    headers: Object.entries(action.headers).map(([name, value]) => ({ name, value })),
    secretChoice: 'keep',
    signingSecret: '',
    mcpTool: action.mcpTool ?? '',
    tokenChoice: 'keep',
    authToken: '',
    n8nEndpointId: action.n8nEndpointId ?? '',
    offerAsButton: action.offerAsButton,
    buttonLabel: action.buttonLabel ?? '',
    parametersText: pretty(action.parameters),
  };
}

export type JsonTextCheck = { kind: 'empty' } | { kind: 'valid'; value: unknown } | { kind: 'invalid'; detail: string };

/** Whether a JSON text parses (the detail is the parser's own, shortened). */
export function checkJsonText(text: string): JsonTextCheck {
  if (!text.trim()) return { kind: 'empty' };
  try {
    return { kind: 'valid', value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^JSON\.parse: /, '').slice(0, 120) : 'it does not parse';
    return { kind: 'invalid', detail };
  }
}

export const FORM_MESSAGES = {
  parametersJson: (detail: string) => `The parameters are not valid JSON (${detail}).`,
  parametersObject: 'The parameters must be a JSON Schema object, such as {"type": "object", "properties": {…}}.',
  headerNameMissing: 'Each header needs a name.',
  headerDuplicate: (name: string) => `The ${name} header is listed twice.`,
  secretMissing: 'Paste the new signing secret, or keep the current one.',
  tokenMissing: 'Paste the new bearer token, or keep the current one.',
} as const;

function headersRecord(rows: readonly HeaderRow[]): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value.trim()) continue;
    if (!name) return { error: FORM_MESSAGES.headerNameMissing };
    if (seen.has(name.toLowerCase())) return { error: FORM_MESSAGES.headerDuplicate(name) };
    seen.add(name.toLowerCase());
    headers[name] = row.value;
  }
  return { headers };
}

function parametersFrom(text: string): { value: Record<string, unknown> } | { error: string } {
  const check = checkJsonText(text);
  if (check.kind === 'empty') return { value: EMPTY_PARAMETERS };
  if (check.kind === 'invalid') return { error: FORM_MESSAGES.parametersJson(check.detail) };
  if (!check.value || typeof check.value !== 'object' || Array.isArray(check.value)) return { error: FORM_MESSAGES.parametersObject };
  return { value: check.value as Record<string, unknown> };
}

/** The contract's field names, as the form names them. */
const FIELD_OF: Record<string, ActionFormField> = {
  name: 'name',
  description: 'description',
  url: 'url',
  headers: 'headers',
  signingSecret: 'signingSecret',
  mcpTool: 'mcpTool',
  authToken: 'authToken',
  n8nEndpointId: 'n8nEndpointId',
  buttonLabel: 'buttonLabel',
  parameters: 'parametersText',
};

export type ActionFormCheck<B> = { ok: true; body: B } | { ok: false; errors: ActionFormErrors };

/** The body of the fields this kind has, before the contract's check. */
function draftBody(values: ActionFormValues, mode: 'create' | 'edit'): { body: Record<string, unknown>; errors: ActionFormErrors } {
  const errors: ActionFormErrors = {};
  const body: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    offerAsButton: values.offerAsButton,
    buttonLabel: values.offerAsButton && values.buttonLabel.trim() ? values.buttonLabel : mode === 'edit' ? null : undefined,
  };
  const secret = (choice: SecretChoice, value: string, field: 'signingSecret' | 'authToken', missing: string) => {
    if (choice === 'remove') body[field] = mode === 'edit' ? null : undefined;
    else if (choice === 'set' && value.trim()) body[field] = value;
    else if (choice === 'set' && mode === 'edit') errors[field] = missing;
  };
  if (CALLS_OUT.has(values.kind)) {
    // A blank address is "missing" in the contract's words (an edit cannot leave it out: it would keep the old one).
    if (values.url.trim()) body.url = values.url;
    else if (mode === 'edit') errors.url = CHATBOT_ACTION_MESSAGES.urlRequired;
    const parameters = parametersFrom(values.parametersText);
    if ('error' in parameters) errors.parametersText = parameters.error;
    else body.parameters = parameters.value;
  }
  if (values.kind === 'webhook') {
    const headers = headersRecord(values.headers);
    if ('error' in headers) errors.headers = headers.error;
    else body.headers = headers.headers;
    secret(values.secretChoice, values.signingSecret, 'signingSecret', FORM_MESSAGES.secretMissing);
  }
  if (values.kind === 'mcp') {
    body.mcpTool = values.mcpTool;
    secret(values.tokenChoice, values.authToken, 'authToken', FORM_MESSAGES.tokenMissing);
  }
  if (values.kind === 'n8n') body.n8nEndpointId = values.n8nEndpointId || undefined;
  if (mode === 'create') {
    body.kind = values.kind;
    // Handoff and contact take the server's fixed parameters; n8n starts without any.
    if (values.templateId) body.templateId = values.templateId;
  }
  return { body, errors };
}

function contractErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], into: ActionFormErrors): ActionFormErrors {
  for (const issue of issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !into[field]) into[field] = issue.message;
  }
  return into;
}

/** The new action checked with the shared create contract, as the server will check it; errors by form field. */
export function checkNewAction(values: ActionFormValues): ActionFormCheck<CreateChatbotActionBody> {
  const { body, errors } = draftBody(values, 'create');
  const parsed = createChatbotActionBodySchema.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: parsed.success ? errors : contractErrors(parsed.error.issues, errors) };
}

/** A change to a saved action, checked with the update contract (the kind is fixed; secrets only when set or removed). */
export function checkActionChange(values: ActionFormValues): ActionFormCheck<UpdateChatbotActionBody> {
  const { body, errors } = draftBody(values, 'edit');
  const parsed = updateChatbotActionBodySchema.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: parsed.success ? errors : contractErrors(parsed.error.issues, errors) };
}

/** A description from an MCP tool's own, or a sentence naming the tool and its server when it gave none. */
export function mcpToolDescription(tool: { name: string; description: string }, serverName: string): string {
  const text = tool.description.trim() || `Calls the ${tool.name} tool of the ${serverName} MCP server.`;
  return text.length > CHATBOT_ACTION_DESCRIPTION_MAX ? `${text.slice(0, CHATBOT_ACTION_DESCRIPTION_MAX - 1)}…` : text;
}

/** The first of `name`, `name_2`, `name_3`… that is not taken (within the length a name may have). */
export function freeActionName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, CHATBOT_ACTION_NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Sample arguments for a test, from the schema: each required property (or every one, when none is required) with an empty value of its type. */
export function sampleArguments(parameters: Record<string, unknown>): Record<string, unknown> {
  const properties = (parameters.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown[]; default?: unknown; examples?: unknown[] }>;
  const required = Array.isArray(parameters.required) ? (parameters.required as string[]) : [];
  const names = required.length > 0 ? required.filter((name) => name in properties) : Object.keys(properties);
  const sample: Record<string, unknown> = {};
  for (const name of names) {
    const property = properties[name] ?? {};
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    sample[name] =
      property.default ??
      property.examples?.[0] ??
      property.enum?.[0] ??
      (type === 'number' || type === 'integer' ? 0 : type === 'boolean' ? false : type === 'array' ? [] : type === 'object' ? {} : '');
  }
  return sample;
}
