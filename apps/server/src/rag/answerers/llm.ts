import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, type LanguageModel } from 'ai';
import { ProviderError } from '../provider-error';
import { buildAnswerPrompt, type ChatTurn, type NumberedCitation } from './prompt';
import type { Passage } from './types';

export type LlmProviderKind = 'openai' | 'openai-compatible' | 'anthropic' | 'google' | 'mistral';

export type LlmProviderConfig = { kind: LlmProviderKind; apiKey?: string; baseURL?: string; model: string };

export type LlmUsage = { inputTokens?: number; outputTokens?: number };

export type LlmAnswer = {
  /** The answer as it is generated. Throws the provider's error if the request fails mid-way; ends early, quietly, when the signal aborts. */
  textStream: AsyncIterable<string>;
  /** Tokens the provider reports, once the stream has finished. Rejects when the request failed or was aborted. */
  usage: Promise<LlmUsage>;
  /** Every passage offered, numbered as the model was told to cite them (see citationsUsedIn). */
  citations: NumberedCitation[];
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
};

const COMPATIBLE_PROVIDER_NAME = 'openaiCompatible';

function languageModel({ kind, apiKey, baseURL, model }: LlmProviderConfig): LanguageModel {
  if (!model.trim()) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An answer model name is required.');
  switch (kind) {
    case 'openai':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An OpenAI API key is required to answer with OpenAI models.');
      // Chat Completions rather than the Responses API: one wire format for OpenAI and the proxies that imitate it.
      return createOpenAI({ apiKey, ...(baseURL ? { baseURL } : {}) }).chat(model);
    case 'openai-compatible':
      if (!baseURL) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A base URL is required for an OpenAI-compatible answer provider.');
      return createOpenAICompatible({ name: COMPATIBLE_PROVIDER_NAME, baseURL, includeUsage: true, ...(apiKey ? { apiKey } : {}) }).chatModel(model);
    case 'anthropic':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An Anthropic API key is required to answer with Anthropic models.');
      return createAnthropic({ apiKey, ...(baseURL ? { baseURL } : {}) })(model);
    case 'google':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A Google AI API key is required to answer with Gemini models.');
      return createGoogleGenerativeAI({ apiKey, ...(baseURL ? { baseURL } : {}) })(model);
    case 'mistral':
      if (!apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A Mistral API key is required to answer with Mistral models.');
      return createMistral({ apiKey, ...(baseURL ? { baseURL } : {}) })(model);
  }
}

/**
 * Streams an answer grounded in `passages` from a configured LLM through the
 * AI SDK. Throws ProviderError at once when the provider cannot be used;
 * request failures surface from `textStream` (and reject `usage`).
 */
export function streamLlmAnswer(input: LlmAnswerInput): LlmAnswer {
  const model = languageModel(input.provider);
  const { system, messages, citations } = buildAnswerPrompt(input);
  const result = streamText({
    model,
    system,
    messages,
    temperature: input.temperature,
    ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
    ...(input.signal ? { abortSignal: input.signal } : {}),
    // Errors reach the caller through textStream; the SDK's default would also print them.
    onError: () => {},
  });

  async function* textStream(): AsyncGenerator<string> {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) yield part.text;
      else if (part.type === 'error') throw part.error;
    }
  }

  const usage = Promise.resolve(result.usage).then(({ inputTokens, outputTokens }) => ({
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  }));
  // A caller that only reads the stream must not get an unhandled rejection from usage as well.
  usage.catch(() => {});
  return { textStream: textStream(), usage, citations };
}
