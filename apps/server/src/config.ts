import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UUID_PATTERN } from '@parley/shared/constants';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = z.url({ error: 'must be a URL such as http://localhost:3000' }).refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://');

/** Every environment variable Parley reads, with its default. The README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  PARLEY_SECRET_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUSTED_ORIGINS: optionalString,
  TRUSTED_PROXY: optionalString,
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  PARLEY_ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(5).max(86_400).default(60),
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  EMAIL_VERIFICATION_REQUIRED: bool.default(true),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_FROM: z.string().default('Parley <no-reply@parley.local>'),
  OIDC_ISSUER: optionalString.pipe(httpUrl.optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().default('Single sign-on'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(httpUrl.optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(httpUrl.optional()),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_BASE_URL: optionalString.pipe(httpUrl.optional()),
  MISTRAL_API_KEY: optionalString,
  MISTRAL_BASE_URL: optionalString.pipe(httpUrl.optional()),
  OPENAI_COMPATIBLE_BASE_URL: optionalString.pipe(httpUrl.optional()),
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  /** New chatbots embed with this model of the OpenAI-compatible server (nomic-embed-text, bge-m3…), of this many dimensions. */
  OPENAI_COMPATIBLE_EMBEDDING_MODEL: optionalString,
  OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: z.coerce
    .number({ error: 'must be a whole number of dimensions' })
    .int('must be a whole number of dimensions')
    .min(1, 'must be from 1 to 1536')
    .max(1536, 'must be from 1 to 1536 (the largest embedding Parley indexes)')
    .optional(),
  FETCH_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1000).max(120_000).default(15_000),
  ALLOW_PRIVATE_FETCH: bool.default(false),
  /** The n8n integration (an operator's own instance, often on a private network) may reach private addresses. */
  N8N_ALLOW_PRIVATE_NETWORK: bool.default(false),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends API calls (default api.stripe.com); tests and stripe-mock use a local server. */
  STRIPE_API_URL: optionalString.pipe(httpUrl.optional()),
  PUBLIC_DEMO_CHATBOT_ID: optionalString.pipe(z.string().regex(UUID_PATTERN, 'must be a chatbot id (a UUID)').optional()),
  /** The first start of a new installation creates the starter catalogue (plans, token packages, templates) once. */
  SEED_CATALOGUE: bool.default(true),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  trustedOrigins: string[];
  /** Fastify trustProxy value: false, true, or a list of addresses/CIDRs. */
  trustProxy: boolean | string[];
  secretKey: string;
  redisUrl: string | undefined;
  /** What this process does: answer HTTP (api), run the durable jobs and periodic work (worker), or both (all). */
  role: Env['PARLEY_ROLE'];
  /** How long a running job may go without finishing before it is taken for dead and retried (a killed worker). */
  jobLeaseSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  /** On SIGTERM, keep serving this long (with Connection: close) before closing, so queued requests finish. */
  shutdownGraceMs: number;
  webDistDir: string | undefined;
  emailVerificationRequired: boolean;
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string } | undefined;
  smtpFrom: string;
  oidc: { issuer: string; clientId: string; clientSecret?: string; name: string } | undefined;
  /** AI providers from the environment (used when the system API keys screen has no usable key; see providers/ai/key-store.ts). */
  ai: {
    openai: { apiKey: string; baseURL?: string } | undefined;
    openaiCompatible: { baseURL: string; apiKey?: string } | undefined;
    /** The OpenAI-compatible server's embedding model, for new chatbots (it wins over OpenAI's and the built-in one). */
    openaiCompatibleEmbedding: { model: string; dimensions: number } | undefined;
    anthropic: { apiKey: string; baseURL?: string } | undefined;
    google: { apiKey: string; baseURL?: string } | undefined;
    mistral: { apiKey: string; baseURL?: string } | undefined;
  };
  /** Provider base URLs from the environment, also used with the keys stored in the system API keys screen. */
  aiBaseUrls: { openai?: string; anthropic?: string; google?: string; mistral?: string };
  /**
   * Outbound requests. Private networks stay refused unless ALLOW_PRIVATE_FETCH (development and tests only: it opens
   * every path, customers' webhooks and training-data URLs too); `n8nPrivateNetworks` opens only the n8n
   * integration's calls, which staff configure (N8N_ALLOW_PRIVATE_NETWORK, for an n8n on the operator's network).
   */
  fetch: { timeoutMs: number; allowPrivateNetworks: boolean; n8nPrivateNetworks: boolean };
  /** The chatbot the landing page shows as a live demo (when it exists and is live). */
  publicDemoChatbotId: string | undefined;
  /** Stripe from the environment (used when the billing settings hold no saved secrets; services/billing-settings.ts). */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  /**
   * A new installation's first start creates the starter catalogue, once (features/starter-catalogue). On by default;
   * the tests turn it off, as most of them expect an empty catalogue.
   */
  seedCatalogue: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`).join('\n');
}

/** The secret that encrypts data at rest: from env, or generated once into DATA_DIR. */
function resolveSecretKey(dataDir: string, fromEnv: string | undefined, persist: boolean): string {
  if (fromEnv) return fromEnv;
  if (!persist) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

function localhostAliases(origin: string): string[] {
  const url = new URL(origin);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  const other = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return [url.origin, `${url.protocol}//${other}${url.port ? `:${url.port}` : ''}`];
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export interface LoadConfigOptions {
  /** Write a generated secret key into DATA_DIR (true for the real server, false for in-memory tests). */
  persistSecret?: boolean;
}

/** Reads the environment once; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env, options: LoadConfigOptions = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const origin of extraOrigins) {
    if (!httpUrl.safeParse(origin).success) throw new ConfigError(`Invalid configuration:\nTRUSTED_ORIGINS: "${origin}" is not an http(s) origin`);
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\nOIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if ((e.SMTP_USER && !e.SMTP_PASSWORD) || (!e.SMTP_USER && e.SMTP_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\nSMTP_USER, SMTP_PASSWORD: set both or neither');
  }
  if (e.OPENAI_COMPATIBLE_EMBEDDING_MODEL && !e.OPENAI_COMPATIBLE_BASE_URL) {
    throw new ConfigError('Invalid configuration:\nOPENAI_COMPATIBLE_EMBEDDING_MODEL: needs OPENAI_COMPATIBLE_BASE_URL (the server that embeds)');
  }
  if (Boolean(e.OPENAI_COMPATIBLE_EMBEDDING_MODEL) !== (e.OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS !== undefined)) {
    throw new ConfigError(
      'Invalid configuration:\nOPENAI_COMPATIBLE_EMBEDDING_MODEL, OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS: set both or neither (the model’s vector size, 768 for nomic-embed-text)',
    );
  }
  if (e.PARLEY_ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\nPARLEY_ROLE: ${e.PARLEY_ROLE} needs DATABASE_URL (the embedded database serves one process, which does everything)`,
    );
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: [...new Set([...localhostAliases(publicUrl), ...extraOrigins.map((o) => new URL(o).origin)])],
    trustProxy: parseTrustProxy(e.TRUSTED_PROXY),
    secretKey: resolveSecretKey(dataDir, e.PARLEY_SECRET_KEY, options.persistSecret ?? true),
    redisUrl: e.REDIS_URL,
    role: e.PARLEY_ROLE,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webDistDir: e.WEB_DIST_DIR,
    emailVerificationRequired: e.EMAIL_VERIFICATION_REQUIRED,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD, from: e.SMTP_FROM }
      : undefined,
    smtpFrom: e.SMTP_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER.replace(/\/+$/, ''), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
        : undefined,
    ai: {
      openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL } : undefined,
      openaiCompatible: e.OPENAI_COMPATIBLE_BASE_URL ? { baseURL: e.OPENAI_COMPATIBLE_BASE_URL, apiKey: e.OPENAI_COMPATIBLE_API_KEY } : undefined,
      openaiCompatibleEmbedding:
        e.OPENAI_COMPATIBLE_EMBEDDING_MODEL && e.OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS
          ? { model: e.OPENAI_COMPATIBLE_EMBEDDING_MODEL, dimensions: e.OPENAI_COMPATIBLE_EMBEDDING_DIMENSIONS }
          : undefined,
      anthropic: e.ANTHROPIC_API_KEY ? { apiKey: e.ANTHROPIC_API_KEY, baseURL: e.ANTHROPIC_BASE_URL } : undefined,
      google: e.GOOGLE_GENERATIVE_AI_API_KEY ? { apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY, baseURL: e.GOOGLE_BASE_URL } : undefined,
      mistral: e.MISTRAL_API_KEY ? { apiKey: e.MISTRAL_API_KEY, baseURL: e.MISTRAL_BASE_URL } : undefined,
    },
    aiBaseUrls: { openai: e.OPENAI_BASE_URL, anthropic: e.ANTHROPIC_BASE_URL, google: e.GOOGLE_BASE_URL, mistral: e.MISTRAL_BASE_URL },
    fetch: {
      timeoutMs: e.FETCH_TIMEOUT_MS,
      allowPrivateNetworks: e.ALLOW_PRIVATE_FETCH,
      n8nPrivateNetworks: e.ALLOW_PRIVATE_FETCH || e.N8N_ALLOW_PRIVATE_NETWORK,
    },
    publicDemoChatbotId: e.PUBLIC_DEMO_CHATBOT_ID?.toLowerCase(),
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
    seedCatalogue: e.SEED_CATALOGUE,
  };
}
