import type { LanguageModel } from 'ai';
import { ProviderError } from '../provider-error';
import { UpstreamProviderError, upstreamProviderError } from '../upstream-error';
import { streamChatCompletion } from './chat-completions';
import { buildAnswerPrompt, type ChatTurn, type NumberedCitation } from './prompt';
import type { LlmUsage, Passage } from './types';

export type LlmProviderKind = 'openai' | 'openai-compatible' | 'anthropic' | 'google' | 'mistral';

export type LlmProviderConfig = { kind: LlmProviderKind; apiKey?: string; baseURL?: string; model: string };

export type { LlmUsage } from './types';

export type LlmAnswer = {
  /** The answer as it is generated. Throws UpstreamProviderError if the request fails; ends early, quietly, when the signal aborts. */
  textStream: AsyncIterable<string>;
  /** Tokens the provider reports, once the stream has finished. Rejects when the request failed or was aborted. */
  usage: Promise<LlmUsage>;
  /** Every passage offered, numbered as the model was told to cite them (see citationsUsedIn). */
  citations: NumberedCitation[];
};

/**
 * A tool the model may call while answering (a chatbot's action, decisions/0047-chatbot-actions.md). `parameters` is
 * the JSON Schema the model is shown; `execute` checks the arguments itself and never throws: a failure is a result
 * the model reads (an `error` field), so it can answer the visitor with it.
 */
export type LlmTool = {
  description: string;
  parameters: Record<string, unknown>;
  execute(args: unknown): Promise<unknown>;
};

export type LlmAnswerInput = {
  provider: LlmProviderConfig;
  systemPrompt: string;
  passages: Passage[];
  history: ChatTurn[];
  question: string;
  temperature: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** Tools offered to the model, by the name it calls them by. */
  tools?: Record<string, LlmTool>;
  /** Calls of the tools the model may make in this answer; past them it is offered none and must answer. */
  maxToolCalls?: number;
};

const TOOL_INSTRUCTIONS =
  'You may call the tools offered when the question needs them; their results are facts you may use in the answer. If a tool returns an error, tell the user briefly that the action could not be completed.';

/** What the model is told once it has used its calls for this answer. */
export const TOOL_CALLS_EXHAUSTED = 'No more actions can be called while answering this message: answer with what you have.';

const COMPATIBLE_PROVIDER_NAME = 'openaiCompatible';

/**
 * Checks the provider's settings at once (throws ProviderError) and returns how to make its model. The AI SDK and
 * the provider's package load on first use, not at start-up: an installation without keys never loads them.
 */
function languageModel({ kind, apiKey, baseURL, model }: LlmProviderConfig): () => Promise<LanguageModel> {
  if (!model.trim()) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An answer model name is required.');
  const base = baseURL ? { baseURL } : {};
  switch (kind) {
    case 'openai':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An OpenAI API key is required to answer with OpenAI models.');
      // Chat Completions rather than the Responses API: one wire format for OpenAI and the proxies that imitate it.
      return async () => (await import('@ai-sdk/openai')).createOpenAI({ apiKey, ...base }).chat(model);
    case 'openai-compatible': {
      if (!baseURL) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A base URL is required for an OpenAI-compatible answer provider.');
      const settings = { name: COMPATIBLE_PROVIDER_NAME, baseURL, includeUsage: true, ...(apiKey ? { apiKey } : {}) };
      return async () => (await import('@ai-sdk/openai-compatible')).createOpenAICompatible(settings).chatModel(model);
    }
    case 'anthropic':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An Anthropic API key is required to answer with Anthropic models.');
      return async () => (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey, ...base })(model);
    case 'google':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A Google AI API key is required to answer with Gemini models.');
      return async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey, ...base })(model);
    case 'mistral':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A Mistral API key is required to answer with Mistral models.');
      return async () => (await import('@ai-sdk/mistral')).createMistral({ apiKey, ...base })(model);
  }
}

/**
 * Streams an answer grounded in `passages` from a configured LLM through the
 * AI SDK. Throws ProviderError at once when the provider cannot be used;
 * request failures surface from `textStream` (and reject `usage`).
 */
export function streamLlmAnswer(input: LlmAnswerInput): LlmAnswer {
  const loadModel = languageModel(input.provider);
  const prompt = buildAnswerPrompt(input);
  const { messages, citations } = prompt;
  const offered = Object.entries(input.tools ?? {});
  const maxCalls = input.maxToolCalls ?? 0;
  const withTools = offered.length > 0 && maxCalls > 0;
  const system = withTools ? `${prompt.system}\n\n${TOOL_INSTRUCTIONS}` : prompt.system;
  // An OpenAI-compatible server answering without tools is spoken to directly (answerers/chat-completions.ts): the
  // same request and the same answer, without the SDK's machinery on a path every answer takes.
  if (input.provider.kind === 'openai-compatible' && !withTools && input.provider.baseURL) {
    const { textStream, usage } = streamChatCompletion({
      baseURL: input.provider.baseURL,
      ...(input.provider.apiKey ? { apiKey: input.provider.apiKey } : {}),
      model: input.provider.model,
      system,
      messages,
      temperature: input.temperature,
      ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return { textStream, usage, citations };
  }
  let calls = 0;
  const started = Promise.all([loadModel(), import('ai')]).then(([model, { jsonSchema, stepCountIs, streamText, tool }]) => {
    // The arguments are checked by the tool itself (against the action's own schema, with a message the model can
    // act on); the SDK only parses them. A call past the limit is not made.
    const tools = Object.fromEntries(
      offered.map(([name, offer]) => [
        name,
        tool({
          description: offer.description,
          inputSchema: jsonSchema<unknown>(offer.parameters),
          execute: async (args: unknown) => {
            calls += 1;
            if (calls > maxCalls) return { error: TOOL_CALLS_EXHAUSTED };
            return offer.execute(args);
          },
        }),
      ]),
    );
    return streamText({
      model,
      system,
      messages,
      temperature: input.temperature,
      ...(withTools
        ? {
            tools,
            // Every step but the last may call tools; once the calls are used up the model is offered none, so it
            // answers. The step limit ends a model that calls tools regardless.
            stopWhen: stepCountIs(maxCalls + 2),
            prepareStep: () => (calls >= maxCalls ? { activeTools: [], toolChoice: 'none' as const } : {}),
          }
        : {}),
      ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
      ...(input.signal ? { abortSignal: input.signal } : {}),
      // Errors reach the caller through textStream; the SDK's default would also print them.
      onError: () => {},
    });
  });

  async function* textStream(): AsyncGenerator<string> {
    for await (const part of (await started).fullStream) {
      if (part.type === 'text-delta' && part.text) yield part.text;
      // What fails inside the provider's stream is the provider's failure (an HTTP error, or the stream cut off).
      else if (part.type === 'error')
        throw (
          upstreamProviderError(part.error) ?? new UpstreamProviderError(null, 'The chatbot’s AI model provider failed while answering.', { cause: part.error })
        );
    }
  }

  // Every step's tokens: an answer that called tools asked the model more than once.
  const usage = started
    .then((result) => result.totalUsage)
    .then(({ inputTokens, outputTokens }) => ({
      ...(inputTokens === undefined ? {} : { inputTokens }),
      ...(outputTokens === undefined ? {} : { outputTokens }),
    }));
  // A caller that only reads the stream must not get an unhandled rejection from usage as well.
  usage.catch(() => {});
  return { textStream: textStream(), usage, citations };
}

/** How a rewrite of a follow-up may run: a question of a sentence or two. */
const REWRITE_MAX_OUTPUT_TOKENS = 100;

/**
 * A follow-up question rewritten by the answer model into one that stands on its own ("And on Sundays?" after
 * "When is the store open on Saturday?" → "When is the store open on Sundays?"), for retrieval. The follow-up as
 * said when the model answers nothing usable.
 */
export async function rewriteFollowUp(input: {
  provider: LlmProviderConfig;
  previousQuestion: string;
  followUp: string;
  signal?: AbortSignal;
}): Promise<string> {
  const [model, { generateText }] = await Promise.all([languageModel(input.provider)(), import('ai')]);
  const { text } = await generateText({
    model,
    system:
      'Rewrite the follow-up question so that it can be understood without the conversation, keeping its language and meaning. Reply with the rewritten question only.',
    prompt: `Previous question: ${input.previousQuestion}\nFollow-up question: ${input.followUp}`,
    temperature: 0,
    maxOutputTokens: REWRITE_MAX_OUTPUT_TOKENS,
    ...(input.signal ? { abortSignal: input.signal } : {}),
  });
  const rewritten = text.trim().split('\n')[0]!.trim();
  return rewritten.length > 0 ? rewritten : input.followUp;
}
