export type ProviderErrorCode = 'PROVIDER_NOT_INSTALLED' | 'PROVIDER_MISCONFIGURED' | 'PROVIDER_RESPONSE_INVALID';

/**
 * An AI provider that cannot be used as configured. The message names what
 * to fix (in the system API keys screen or the environment) and never
 * contains the key itself.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
