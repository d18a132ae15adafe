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

/** Standard UUID, versions 1 to 5 (spec §5). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Sign-up and sign-in limits (not shown in the spec; see docs/decisions.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Sign-in attempts allowed per window, per e-mail and per client IP (see README). */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_MAX_PER_EMAIL = 10;
export const SIGN_IN_MAX_PER_IP = 30;

/** The e-mail confirmation link lands here (spec §2). */
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const EMAIL_CALLBACK_URL = '/auth/callback?type=email';

/** Scopes and prompt for OAuth sign-in (spec §7). */
export const OAUTH_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;
export const OAUTH_PROMPT = 'consent';
export const OAUTH_PROVIDER_ID = 'oidc';

/** Public chat (widget) limits per minute: per chatbot and per visitor IP (see docs/decisions.md). */
export const PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE = 120;
export const PUBLIC_CHAT_PER_IP_PER_MINUTE = 20;
