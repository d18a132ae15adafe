/** Values from the specification (part 1 §9 unless noted). Every number here is a requirement. */

export const SESSION_IDLE_WARNING_MS = 25 * 60 * 1000;
export const SESSION_IDLE_SIGN_OUT_MS = 30 * 60 * 1000;
export const SESSION_COUNTDOWN_SECONDS = 300;
export const SESSION_IDLE_DURATION_MINUTES = 30;
/** Events that count as activity and reset the idle timers. */
export const SESSION_ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart'] as const;

export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_GAP = 14;
export const TOAST_WIDTH = 356;
export const TOAST_HOTKEY = ['altKey', 'KeyT'] as const;

export const ERROR_SCREEN_RETRY_DELAY_MS = 100;

export const THEME_STORAGE_KEY = 'theme';
export const THEME_DEFAULT = 'light';

export const HEALTH_PROBE_HEALTHY_MS = 5000;

/** Client identification headers (spec §1). */
export const CLIENT_APPLICATION_NAME = 'parley-web';
export const CLIENT_VERSION = '2.0.0';

/** The web client's API layer (spec part 1 §7, §9): retries of server calls with exponential backoff and jitter. */
export const FUNCTION_RETRIES = 3;
export const FUNCTION_RETRY_BASE_MS = 400;
/** Each backoff delay is multiplied by a random factor in this range. */
export const FUNCTION_RETRY_JITTER = { min: 0.8, max: 1.2 } as const;
/** Identical GET requests started within this window share one request. */
export const REQUEST_DEDUP_WINDOW_MS = 100;
/** The client cache (TanStack Query) holds at most this many queries; the least recently used go first. */
export const QUERY_CACHE_MAX_ENTRIES = 1000;
/** Realtime updates are applied at most this often. */
export const REALTIME_MAX_UPDATES_PER_SECOND = 10;
/** The performance monitor (spec part 1 §9). */
export const PERFORMANCE_MEMORY_WARNING_MB = 400;
export const PERFORMANCE_METRICS_KEPT = 20;
export const PERFORMANCE_MEMORY_CHECK_MS = 5 * 60_000;
export const PERFORMANCE_SLOW_RENDER_MS = 200;

/** Standard UUID, versions 1 to 5 (spec §5). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Sign-up and sign-in limits (not shown in the spec; see docs/decisions/README.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Sign-in attempts allowed per window, per e-mail and per client IP (see README). */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_MAX_PER_EMAIL = 10;
export const SIGN_IN_MAX_PER_IP = 30;

/**
 * E-mails the sign-up, confirmation and password-reset flows send (decisions/0002-password-reset-and-auth-rate-limits.md). Per address: every request that
 * could send one counts, in one window shared by the three flows, whether or not the address has an account. Per
 * client IP: each flow has its own hourly budget.
 */
export const AUTH_EMAIL_WINDOW_SECONDS = 15 * 60;
export const AUTH_EMAILS_MAX_PER_ADDRESS = 3;
export const AUTH_IP_WINDOW_SECONDS = 60 * 60;
export const SIGN_UP_MAX_PER_IP = 10;
export const CONFIRMATION_RESENDS_MAX_PER_IP = 10;
export const PASSWORD_RESET_REQUESTS_MAX_PER_IP = 10;
/** A password-reset link works once, for an hour. */
export const PASSWORD_RESET_TOKEN_SECONDS = 60 * 60;

/** The e-mail confirmation link lands here (spec §2). */
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const EMAIL_CALLBACK_URL = '/auth/callback?type=email';
/** The page a password-reset link opens (Better Auth redirects there with `?token=` or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';
/** Where a password reset is asked for (linked from the sign-in form and from the password-changed e-mail). */
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

/** Scopes and prompt for OAuth sign-in (spec §7). */
export const OAUTH_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
export const OAUTH_PROMPT = 'consent';
export const OAUTH_PROVIDER_ID = 'oidc';

/** Public chat (widget) limits per minute: per chatbot and per visitor IP (see docs/decisions/README.md). */
export const PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE = 120;
export const PUBLIC_CHAT_PER_IP_PER_MINUTE = 20;
/** The OpenAI-compatible API: requests per minute per customer API key (see docs/decisions/README.md). */
export const API_KEY_REQUESTS_PER_MINUTE = 60;
/** The OpenAI-compatible API: requests per minute per client IP, counted before the key is checked (guessing keys). */
export const API_REQUESTS_PER_IP_PER_MINUTE = 120;
/** CSP violation reports accepted per client IP per minute. */
export const CSP_REPORTS_PER_IP_PER_MINUTE = 60;
/** Security events the web app reports (POST /api/security-events/client) per client IP per minute. */
export const CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE = 20;

/** Action webhooks and event handlers (spec part 2 §5 and §9). */
export const ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS = 30;
export const ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS = 1;
export const ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS = 300;
export const ACTION_WEBHOOK_RETRIES_DEFAULT = 3;
export const ACTION_WEBHOOK_RETRIES_MAX = 10;
export const ACTION_EVENT_PRIORITY_MIN = 1;
export const ACTION_EVENT_PRIORITY_MAX = 10;
export const ACTION_EVENT_PRIORITY_DEFAULT = 1;

/** System configuration defaults (spec part 2 §9). */
export const SYSTEM_CONFIGURATION_DEFAULTS = {
  defaultEmbeddingModel: 'text-embedding-3-small',
  defaultEmbeddingDimensions: 1536,
  defaultChunkSize: 1000,
  defaultChunkOverlap: 200,
  defaultChunkingStrategy: 'semantic',
  maxDocumentSizeMb: 50,
  maxExpandedDocumentMb: 200,
  maxDocumentTextMb: 20,
  maxConcurrentProcessingJobs: 5,
  processingQueueTimeoutMinutes: 30,
  globalWebhookTimeoutSeconds: 30,
  globalWebhookRetryCount: 3,
  webhookRateLimitPerMinute: 100,
  requireApiKeyEncryption: true,
  processingMode: 'edge_functions',
} as const;
/** Spec part 2 §5 option lists. */
export const EMBEDDING_MODEL_OPTIONS = ['text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002'] as const;
export const CHUNKING_STRATEGY_OPTIONS = ['semantic', 'fixed', 'sliding'] as const;
export const PROCESSING_MODE_OPTIONS = ['edge_functions', 'n8n_integration'] as const;
/**
 * Bounds the server enforces on the system configuration (not shown in the spec; see docs/decisions/README.md).
 * Chunk sizes match the chunker's (tokens); 1536 dimensions is the largest size Parley indexes; 200 MB is
 * the upload limit of the server; the webhook bounds follow the spec's webhook forms.
 */
export const SYSTEM_CONFIGURATION_LIMITS = {
  defaultEmbeddingDimensions: { min: 64, max: 1536 },
  defaultChunkSize: { min: 50, max: 8000 },
  defaultChunkOverlap: { min: 0, max: 7999 },
  maxDocumentSizeMb: { min: 1, max: 200 },
  maxExpandedDocumentMb: { min: 1, max: 2000 },
  maxDocumentTextMb: { min: 1, max: 200 },
  maxConcurrentProcessingJobs: { min: 1, max: 20 },
  processingQueueTimeoutMinutes: { min: 1, max: 1440 },
  globalWebhookTimeoutSeconds: { min: 1, max: 300 },
  globalWebhookRetryCount: { min: 0, max: 10 },
  webhookRateLimitPerMinute: { min: 1, max: 10_000 },
} as const;
export const N8N_BASE_URL_MAX_LENGTH = 2048;

/** System API keys (spec part 2 §5, §9): free keys default to 1000 uses a day; usage shows orange from 70 %, red from 90 %. */
export const SYSTEM_KEY_SERVICES = ['openai', 'anthropic', 'google', 'mistral'] as const;
export const SYSTEM_KEY_SERVICE_LABELS = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google AI', mistral: 'Mistral' } as const;
/** The first service is the embedding provider (spec part 2 §5). */
export const EMBEDDING_KEY_SERVICE = 'openai';
export const SYSTEM_KEY_TIERS = ['system', 'free'] as const;
export const SYSTEM_KEY_SCOPES = ['all', 'chat', 'embeddings'] as const;
export const FREE_KEY_DEFAULT_DAILY_LIMIT = 1000;
export const FREE_KEY_DAILY_LIMIT_MAX = 10_000_000;
export const KEY_USAGE_WARNING_RATIO = 0.7;
export const KEY_USAGE_DANGER_RATIO = 0.9;
export const SYSTEM_KEY_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SYSTEM_KEYS_MAX = 100;

/** Browser debug settings (spec part 1 §3, part 2 §3). */
export const DEBUG_SETTINGS_STORAGE_KEY = 'debug-settings';
export const DEBUG_LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export const DEBUG_CATEGORIES = ['providers', 'routing', 'auth', 'performance', 'security'] as const;

/** -1 means unlimited for tier limits (spec part 2 §5). */
export const UNLIMITED = -1;
/** The tier every organization falls back to: it can be neither deleted nor deactivated. */
export const FREE_TIER = 'free';

/** Token conversion (spec part 2 §5, §9): defaults, input bounds and the 5-minute cache of the rules. */
export const TOKEN_CONVERSION_DEFAULTS = { charactersPerToken: 0.75, tokensPerCharacter: 1.333, multiplier: 1 } as const;
export const TOKEN_RATE_MIN = 0.001;
export const TOKEN_RATE_STEP = 0.001;
export const TOKEN_MULTIPLIER_MIN = 0.1;
export const TOKEN_MULTIPLIER_STEP = 0.1;
export const TOKEN_CONVERSION_CACHE_MS = 5 * 60_000;

/** New rows on the catalogue screens (spec part 2 §9). Sort and display orders start at count + 1. */
export const NEW_TOKEN_PACKAGE = { name: 'New Package', tokens: 1000, priceCents: 999, isActive: true } as const;
export const NEW_TIER = { monthlyTokenLimit: 0, maxHandoffsPerMonth: 10, maxChatbots: 1, isActive: true } as const;
export const NEW_PRICING_PLAN = { monthlyTokenLimit: 1000, priceMonthlyCents: 0, priceAnnualCents: 0, maxChatbots: 1, ctaText: 'Get Started' } as const;

/** Organizations and teams (not shown in the spec; see docs/decisions/README.md). */
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** Organizations one user may own (the personal one included) and belong to in all. */
export const ORGANIZATIONS_OWNED_MAX = 10;
export const ORGANIZATION_MEMBERSHIPS_MAX = 50;
/** Members plus pending invitations of one organization. */
export const ORGANIZATION_SEATS_MAX = 100;
export const INVITATION_EXPIRY_DAYS = 7;
/** Invitation e-mails (new and re-sent) one organization may send per hour. */
export const INVITATION_EMAILS_PER_HOUR = 30;
/** Invitation links looked up per client IP (the preview is public), and invitations accepted per user, per minute. */
export const INVITATION_LOOKUPS_PER_MINUTE = 30;
/** Account settings: guesses of the current password through the change form, per user and window. */
export const PASSWORD_CHANGES_PER_WINDOW = 10;
export const PASSWORD_CHANGE_WINDOW_SECONDS = 15 * 60;
/** Confirmation links sent to new addresses, per user and hour (each is an e-mail to someone). */
export const EMAIL_CHANGES_PER_HOUR = 5;
/** System Configuration's n8n connection test, per admin and minute (each is an outbound request). */
export const N8N_CONNECTION_TESTS_PER_MINUTE = 10;
/** Where the invitation link lands in the web app (`/invite/<token>`). */
export const INVITE_PATH_PREFIX = '/invite/';

/** Account settings: avatar upload, organization data export and account deletion (issue 11). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Larger source images are refused: decoding one costs memory (4096² is 64 MB of pixels) and adds nothing at 256 px. */
export const AVATAR_MAX_SOURCE_PX = 4096;
export const DATA_EXPORT_RETENTION_DAYS = 7;
/** Finished, unexpired archives an organization may keep at once, and exports it may start per day. */
export const DATA_EXPORTS_READY_MAX = 2;
export const DATA_EXPORTS_PER_DAY = 5;
/** Archives are plain ZIP (no ZIP64): kept well under its 4 GB and 65,535-entry limits. */
export const DATA_EXPORT_MAX_BYTES = 1024 * 1024 * 1024;
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
/** What the user types to confirm deleting the account (or their e-mail address). */
export const ACCOUNT_DELETION_CONFIRM_WORD = 'DELETE';

/** Referral codes as a person may retype them (contracts/referrals.ts); here, without zod, for the sign-in page. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6,16}$/;
/** The query parameter a referral link carries, kept in the browser until sign-up. */
export const REFERRAL_QUERY_PARAM = 'ref';
export const REFERRAL_STORAGE_KEY = 'parley-referral-code';

/**
 * Currencies whose minor unit is not the hundredth (ISO 4217 and Stripe's zero-decimal list): amounts are stored in
 * cents, so a price in one of these would be off by a factor of 100 or 10. Refused where a currency is configured.
 */
export const NON_TWO_DECIMAL_CURRENCIES = [
  // no decimals
  'bif',
  'clp',
  'djf',
  'gnf',
  'isk',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'uyi',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
  // three decimals
  'bhd',
  'iqd',
  'jod',
  'kwd',
  'lyd',
  'omr',
  'tnd',
  // four decimals
  'clf',
  'uyw',
] as const;
export const TWO_DECIMAL_CURRENCY_MESSAGE = 'Only currencies with two decimal places (such as usd or eur) are accepted: amounts are kept in cents.';

/**
 * The smallest amount a card payment can be, in cents, for the two-decimal currencies Stripe publishes a minimum for
 * (docs.stripe.com/currencies, "Minimum and maximum charge amounts"). A price between nothing and this cannot be
 * charged: the catalogue refuses it (decisions/0017-catalogue-and-system-configuration.md).
 */
export const MINIMUM_CHARGE_CENTS: Readonly<Record<string, number>> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

/** The smallest card payment in a currency, in cents: Stripe's published figure, else 50 (its USD minimum in that currency's cents). */
export const minimumChargeCents = (currency: string): number => MINIMUM_CHARGE_CENTS[currency.toLowerCase()] ?? 50;

/** A price that is neither free nor enough for a card payment. */
export const isBelowMinimumCharge = (cents: number, currency: string): boolean => cents > 0 && cents < minimumChargeCents(currency);
