import { SYSTEM_KEY_SERVICE_LABELS } from '@parley/shared/constants';
/** Spec part 2 §8 and "System Configuration" / "API Keys Management": the exact texts. */
export const SYSTEM_CONFIGURATION_TEXT = {
  updateFailed: 'Failed to update system configuration',
  saveFailed: 'Failed to save configuration. Please try again.',
  sessionError: 'Your session has expired or was not properly initialized. Please refresh the page or sign in again.',
  noConfiguration: 'No system configuration found. Please contact your system administrator.',
  unsavedChanges: 'Unsaved changes',
  saveChanges: 'Save Changes',
  refreshPage: 'Refresh Page',
  signInAgain: 'Sign In Again',
  retry: 'Retry',
  saved: 'System configuration saved',
} as const;

export const SYSTEM_KEYS_TEXT = {
  loadFailed: 'Failed to load API key configurations',
  toggleFailed: 'Failed to update configuration',
  createFailed: 'Failed to create system key',
  updateFailed: 'Failed to update system key',
  deleteFailed: 'Failed to delete system key',
  // The spec's sentence said training "will fail"; here it does not (the built-in embedder takes over), so the alert
  // says what does happen (docs/changelog.md, 2026-11-29).
  noEmbeddingKey: 'No OpenAI API key configured',
  noEmbeddingKeyDetail:
    'New chatbots use the built-in local embedder, which finds passages less well. Chatbots that already embed with OpenAI can neither be trained nor search their documents until an active OpenAI key is added below (or the server sets OPENAI_API_KEY or an OpenAI-compatible embedding model).',
  embeddingKeysAtLimit: 'Every OpenAI key is at its daily limit',
  embeddingKeysAtLimitDetail:
    'The only active OpenAI keys are free keys, and each has used its daily limit. Until the counters restart at midnight UTC, chatbots that embed with OpenAI can neither be trained nor search their documents. Add a system-tier key, or raise a limit, to go on today.',
  keyNameHint: 'Alphanumeric characters, underscores and hyphens only.',
} as const;

export const SERVICE_LABELS = SYSTEM_KEY_SERVICE_LABELS;
export const TIER_LABELS = { system: 'System (unlimited)', free: 'Free (limited)' } as const;
export const SCOPE_LABELS = { all: 'Answers and embeddings', chat: 'Answers only', embeddings: 'Embeddings only' } as const;
