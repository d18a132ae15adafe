import { randomBytes } from 'node:crypto';
import { eq, isNull, and } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { billingSettings } from '../../db/schema/index';
import { createSecretBox } from '../../lib/secrets';

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

const hint = (value: string) => value.slice(-4);

/**
 * Saves the Stripe secrets sealed (undefined leaves one as it is, null clears it). Returns the hints (last four
 * characters); the whole values are never read back out to a browser.
 */
export async function saveStripeSecrets(
  db: Db,
  config: Config,
  input: { secretKey?: string | null; webhookSecret?: string | null; actorId: string | null },
): Promise<{ secretKeyHint: string | null; webhookSecretHint: string | null }> {
  await readBillingSettings(db);
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
