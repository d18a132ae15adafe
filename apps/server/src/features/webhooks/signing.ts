import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../../lib/secrets';

/** The purpose label of the sealed signing secrets (lib/secrets.ts derives a key per purpose). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-signing-secrets';
const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks: at least 24 random bytes. 32 = the HMAC-SHA256 block's natural key size. */
const GENERATED_SECRET_BYTES = 32;

export const webhookSecretBox = (masterSecret: string): SecretBox => createSecretBox(masterSecret, WEBHOOK_SECRET_PURPOSE);

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(GENERATED_SECRET_BYTES).toString('base64')}`;
}

/** whsec_…abcd: enough to tell two secrets apart, nothing to sign with. */
export function webhookSecretHint(secret: string): string {
  return `${SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** The webhook-id of a new event ("msg_" + 32 hex characters): no dots, as the signature scheme requires. */
export function newWebhookEventId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the bytes after whsec_. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The webhook-signature header: one signature per secret in force, space-separated (the current one first). */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
}
