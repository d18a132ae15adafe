import type { Chatbot } from '@parley/shared/contracts/chatbots';
import type { ModelProvider } from './chatbot-form-values';

export const MODEL_PROVIDER_LABELS: Readonly<Record<ModelProvider, string>> = {
  builtin: 'Built-in extractive answerer',
  openai: 'OpenAI (needs a key configured on the server)',
  anthropic: 'Anthropic Claude (needs a key configured on the server)',
  google: 'Google Gemini (needs a key configured on the server)',
  mistral: 'Mistral (needs a key configured on the server)',
  'openai-compatible': 'OpenAI-compatible server (needs a key configured on the server)',
};

export const MODEL_PROVIDER_DESCRIPTIONS: Readonly<Record<ModelProvider, string>> = {
  builtin: 'Works offline with no key: it answers by quoting the most relevant sentences of your documents, with their sources. It does not write new text.',
  openai:
    'Writes answers with an OpenAI model from the passages found in your documents. The server needs OPENAI_API_KEY; without it the built-in answerer replies instead.',
  anthropic:
    'Writes answers with a Claude model from the passages found in your documents. The server needs ANTHROPIC_API_KEY; without it the built-in answerer replies instead.',
  google:
    'Writes answers with a Gemini model from the passages found in your documents. The server needs GOOGLE_GENERATIVE_AI_API_KEY; without it the built-in answerer replies instead.',
  mistral:
    'Writes answers with a Mistral model from the passages found in your documents. The server needs MISTRAL_API_KEY; without it the built-in answerer replies instead.',
  'openai-compatible':
    'Any server that speaks the OpenAI API, such as a local Ollama or vLLM. The server needs OPENAI_COMPATIBLE_BASE_URL; without it the built-in answerer replies instead.',
};

/** How the chatbot answers, in a few words ("Built-in extractive answerer", "OpenAI · gpt-4o-mini"). */
export function describeAnswerModel(chatbot: Pick<Chatbot, 'modelProvider' | 'modelName'>): string {
  if (chatbot.modelProvider === 'builtin') return 'Built-in extractive answerer';
  if (chatbot.modelProvider === 'openai') return `OpenAI · ${chatbot.modelName}`;
  if (chatbot.modelProvider === 'openai-compatible') return `OpenAI-compatible · ${chatbot.modelName}`;
  if (chatbot.modelProvider === 'anthropic') return `Anthropic · ${chatbot.modelName}`;
  if (chatbot.modelProvider === 'google') return `Google · ${chatbot.modelName}`;
  if (chatbot.modelProvider === 'mistral') return `Mistral · ${chatbot.modelName}`;
  return `${chatbot.modelProvider} · ${chatbot.modelName}`;
}

/** Which embedder turns the documents into vectors, said plainly (the local ones are Parley's own, offline). */
export function describeEmbedding({ provider, model, dimensions }: Chatbot['embedding']): string {
  if (provider === 'local' && model === 'all-MiniLM-L6-v2') return `Built-in model all-MiniLM-L6-v2 (offline, ${dimensions} dimensions)`;
  if (provider === 'local') return `Built-in word-hashing embedder (offline, ${dimensions} dimensions)`;
  if (provider === 'openai') return `OpenAI ${model} (${dimensions} dimensions)`;
  if (provider === 'openai-compatible') return `OpenAI-compatible ${model} (${dimensions} dimensions)`;
  return `${provider} ${model} (${dimensions} dimensions)`;
}

export function describeChunking({ strategy, size, overlap }: Chatbot['chunking']): string {
  const name = { semantic: 'Semantic', fixed: 'Fixed-size', sliding: 'Sliding window' }[strategy];
  return `${name} chunks of about ${size} tokens, ${overlap} overlapping`;
}

export const STATUS_LABELS: Readonly<Record<Chatbot['status'], string>> = { draft: 'Draft', live: 'Live' };
