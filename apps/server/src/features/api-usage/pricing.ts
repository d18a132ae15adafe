/**
 * Estimated cost of a chat answer, in millionths of a US dollar (docs/security.md "API cost").
 *
 * Prices are per 1,000 tokens, input and output apart, from the providers' public list prices; a model
 * is matched by the longest prefix of its name, an unknown model of a known provider takes the provider's
 * default line. The built-in answerer and self-hosted OpenAI-compatible servers cost nothing.
 */
interface Price {
  /** Micro-dollars per 1,000 input tokens. */
  input: number;
  /** Micro-dollars per 1,000 output tokens. */
  output: number;
}

type Provider = 'openai' | 'anthropic' | 'google' | 'mistral';

const PRICES: Record<Provider, { default: Price; models: Record<string, Price> }> = {
  openai: {
    default: { input: 150, output: 600 },
    models: {
      'gpt-4o-mini': { input: 150, output: 600 },
      'gpt-4o': { input: 2500, output: 10_000 },
      'gpt-4.1-nano': { input: 100, output: 400 },
      'gpt-4.1-mini': { input: 400, output: 1600 },
      'gpt-4.1': { input: 2000, output: 8000 },
      'gpt-4-turbo': { input: 10_000, output: 30_000 },
      'gpt-3.5-turbo': { input: 500, output: 1500 },
      'o4-mini': { input: 1100, output: 4400 },
      'o3-mini': { input: 1100, output: 4400 },
    },
  },
  anthropic: {
    default: { input: 3000, output: 15_000 },
    models: {
      'claude-3-5-haiku': { input: 800, output: 4000 },
      'claude-3-haiku': { input: 250, output: 1250 },
      'claude-haiku': { input: 800, output: 4000 },
      'claude-3-5-sonnet': { input: 3000, output: 15_000 },
      'claude-3-7-sonnet': { input: 3000, output: 15_000 },
      'claude-sonnet': { input: 3000, output: 15_000 },
      'claude-3-opus': { input: 15_000, output: 75_000 },
      'claude-opus': { input: 15_000, output: 75_000 },
    },
  },
  google: {
    default: { input: 100, output: 400 },
    models: {
      'gemini-2.0-flash': { input: 100, output: 400 },
      'gemini-1.5-flash': { input: 75, output: 300 },
      'gemini-1.5-pro': { input: 1250, output: 5000 },
      'gemini-2.5-pro': { input: 1250, output: 10_000 },
      'gemini-2.5-flash': { input: 300, output: 2500 },
    },
  },
  mistral: {
    default: { input: 200, output: 600 },
    models: {
      'mistral-small': { input: 200, output: 600 },
      'mistral-medium': { input: 400, output: 2000 },
      'mistral-large': { input: 2000, output: 6000 },
      'open-mistral-nemo': { input: 150, output: 150 },
    },
  },
};

export function priceFor(provider: string | null, model: string | null): Price {
  const table = provider && provider in PRICES ? PRICES[provider as Provider] : null;
  if (!table) return { input: 0, output: 0 };
  const name = (model ?? '').toLowerCase();
  let best: { prefix: string; price: Price } | null = null;
  for (const [prefix, price] of Object.entries(table.models)) {
    if (name.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, price };
  }
  return best?.price ?? table.default;
}

/** Micro-dollars, rounded to the nearest whole one. */
export function estimateCostMicros(usage: { provider: string | null; model: string | null; inputTokens: number; outputTokens: number }): number {
  const price = priceFor(usage.provider, usage.model);
  return Math.round((usage.inputTokens * price.input + usage.outputTokens * price.output) / 1000);
}
