import { randomBytes } from 'node:crypto';
import { eq, isNull, and } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { billingSettings } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { createSecretBox } from '../lib/secrets';

export type BillingSettingsRow = typeof billingSettings.$inferSelect;

/** Purpose label of the sealed billing secrets (lib/secrets.ts). */
const SECRETS_PURPOSE = 'billing-secrets';

/** The one row of billing settings (seeded by migration 0009; created here if someone deleted it). */
export async function readBillingSettings(db: Pick<Db, 'select' | 'insert'>): Promise<BillingSettingsRow> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  if (row) return row;
  await db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing();
  return (await db.select().from(billingSettings).where(eq(billingSettings.id, 1)))[0]!;
}

export interface StripeSecrets {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** Where each came from, for the Configuration tab. */
  source: { secretKey: 'settings' | 'env' | null; webhookSecret: 'settings' | 'env' | null };
}

/** The Stripe secrets in use: the saved (sealed) ones first, else STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET. */
export async function resolveStripeSecrets(db: Db, config: Config): Promise<StripeSecrets> {
  const row = await readBillingSettings(db);
  const box = createSecretBox(config.secretKey, SECRETS_PURPOSE);
  const saved = (sealed: string | null) => (sealed ? box.decrypt(sealed) : undefined);
  const secretKey = saved(row.stripeSecretKeyEncrypted);
  const webhookSecret = saved(row.stripeWebhookSecretEncrypted);
  return {
    secretKey: secretKey ?? config.stripe.secretKey,
    webhookSecret: webhookSecret ?? config.stripe.webhookSecret,
    source: {
      secretKey: secretKey ? 'settings' : config.stripe.secretKey ? 'env' : null,
      webhookSecret: webhookSecret ? 'settings' : config.stripe.webhookSecret ? 'env' : null,
    },
  };
}

/** The tax rate of new charges in basis points: billing_settings' rate when tax is enabled, else null (no tax). */
export const taxRateOf = (settings: Pick<BillingSettingsRow, 'taxEnabled' | 'taxRateBasisPoints'>): number | null =>
  settings.taxEnabled && settings.taxRateBasisPoints > 0 ? settings.taxRateBasisPoints : null;

const hint = (value: string) => value.slice(-4);

/** A Stripe secret (sk_…) or restricted (rk_…) credential is live or test by its prefix. */
export const isLiveStripeKey = (secretKey: string) => /^(sk|rk)_live_/.test(secretKey);

/**
 * billing_settings.test_mode decides which payments Parley takes (decisions/0023-billing-settings.md). Test mode: test payments only, the
 * sandbox or Stripe test credentials. Off: real payments only, Stripe live credentials. Returns why new payments are
 * refused with the provider in use, or null when they may go ahead. (The messages avoid the words the error
 * sanitiser hides.)
 */
export function paymentModeProblem(testMode: boolean, secretKey: string | undefined): string | null {
  if (testMode) {
    return secretKey && isLiveStripeKey(secretKey)
      ? 'Test mode is on, so the live Stripe credentials are not used for new payments. Turn test mode off in the billing settings to take real payments, or configure Stripe test credentials.'
      : null;
  }
  if (!secretKey) {
    return 'Test mode is off, so only real payments are taken and the sandbox takes none. Configure live Stripe credentials (sk_live_ or rk_live_), or turn test mode on.';
  }
  return isLiveStripeKey(secretKey)
    ? null
    : 'Test mode is off, so only real payments are taken, and the Stripe credentials in use are test ones. Configure live Stripe credentials (sk_live_ or rk_live_), or turn test mode on.';
}

/**
 * Saves the Stripe secrets sealed (undefined leaves one as it is, null clears it). Returns the hints (last four
 * characters); the whole values are never read back out to a browser.
 */
export async function saveStripeSecrets(
  db: Db,
  config: Config,
  input: { secretKey?: string | null; webhookSecret?: string | null; actorId: string | null },
): Promise<{ secretKeyHint: string | null; webhookSecretHint: string | null }> {
  const settings = await readBillingSettings(db);
  if (input.secretKey && settings.testMode && isLiveStripeKey(input.secretKey)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Test mode is on: live Stripe credentials (sk_live_, rk_live_) are refused. Turn test mode off in the billing settings first.',
    );
  }
  if (input.secretKey && !settings.testMode && !isLiveStripeKey(input.secretKey)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Test mode is off: Stripe test credentials (sk_test_, rk_test_) are refused. Turn test mode on in the billing settings first.',
    );
  }
  const box = createSecretBox(config.secretKey, SECRETS_PURPOSE);
  const set: Partial<typeof billingSettings.$inferInsert> = { updatedAt: new Date(), updatedBy: input.actorId };
  if (input.secretKey !== undefined) {
    set.stripeSecretKeyEncrypted = input.secretKey ? box.encrypt(input.secretKey) : null;
    set.stripeSecretKeyHint = input.secretKey ? hint(input.secretKey) : null;
  }
  if (input.webhookSecret !== undefined) {
    set.stripeWebhookSecretEncrypted = input.webhookSecret ? box.encrypt(input.webhookSecret) : null;
    set.stripeWebhookSecretHint = input.webhookSecret ? hint(input.webhookSecret) : null;
  }
  const [row] = await db.update(billingSettings).set(set).where(eq(billingSettings.id, 1)).returning();
  return { secretKeyHint: row?.stripeSecretKeyHint ?? null, webhookSecretHint: row?.stripeWebhookSecretHint ?? null };
}

/** The sandbox's webhook signing secret (whsec_…), generated and sealed on first use; the same on every node. */
export async function sandboxWebhookSecret(db: Db, config: Config): Promise<string> {
  const box = createSecretBox(config.secretKey, SECRETS_PURPOSE);
  const row = await readBillingSettings(db);
  if (row.sandboxWebhookSecretEncrypted) return box.decrypt(row.sandboxWebhookSecretEncrypted);
  const secret = `whsec_sandbox_${randomBytes(24).toString('base64url')}`;
  await db
    .update(billingSettings)
    .set({ sandboxWebhookSecretEncrypted: box.encrypt(secret) })
    .where(and(eq(billingSettings.id, 1), isNull(billingSettings.sandboxWebhookSecretEncrypted)));
  // Another node may have won the race: read what is stored.
  const [stored] = await db.select({ sealed: billingSettings.sandboxWebhookSecretEncrypted }).from(billingSettings).where(eq(billingSettings.id, 1));
  return box.decrypt(stored!.sealed!);
}
