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
  noEmbeddingKey: 'No OpenAI API key configured. Training and embedding generation will fail.',
  keyNameHint: 'Alphanumeric characters, underscores and hyphens only.',
} as const;

export const SERVICE_LABELS = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google AI', mistral: 'Mistral' } as const;
export const TIER_LABELS = { system: 'System (unlimited)', free: 'Free (limited)' } as const;
export const SCOPE_LABELS = { all: 'Answers and embeddings', chat: 'Answers only', embeddings: 'Embeddings only' } as const;
