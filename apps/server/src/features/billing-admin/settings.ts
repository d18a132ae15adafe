import type { BillingSettings, BillingSettingsResponse } from '@parley/shared/contracts/billing-admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingSettings } from '../../db/schema/index';
import { logAdminActivity } from '../../services/activity-log';
import { assertPricesChargeableIn } from '../billing/index';
import { readBillingSettings, type BillingSettingsRow } from '../../services/billing-settings';

/** billing_settings as the Settings tab's five groups. */
export function toBillingSettings(row: BillingSettingsRow): BillingSettingsResponse {
  return {
    payment: { testMode: row.testMode, currency: row.currency },
    invoicing: { invoicePrefix: row.invoicePrefix, nextInvoiceNumber: row.nextInvoiceNumber, dueDays: row.invoiceDueDays, autoSend: row.autoSendInvoices },
    tax: { enabled: row.taxEnabled, ratePercent: row.taxRateBasisPoints / 100 },
    notifications: { paymentFailed: row.notifyPaymentFailed, newSubscription: row.notifyNewSubscription, cancellation: row.notifyCancellation },
    advanced: {
      retryAttempts: row.paymentRetries,
      retryIntervalDays: row.retryIntervalDays,
      suspendAfterFailures: row.suspendAfterFailures,
      trialDays: row.trialDays,
      trialRequiresPaymentMethod: row.trialRequiresPaymentMethod,
      webhookToleranceSeconds: row.webhookToleranceSeconds,
    },
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

function toColumns(s: BillingSettings) {
  return {
    testMode: s.payment.testMode,
    currency: s.payment.currency,
    invoicePrefix: s.invoicing.invoicePrefix,
    nextInvoiceNumber: s.invoicing.nextInvoiceNumber,
    invoiceDueDays: s.invoicing.dueDays,
    autoSendInvoices: s.invoicing.autoSend,
    taxEnabled: s.tax.enabled,
    taxRateBasisPoints: Math.round(s.tax.ratePercent * 100),
    notifyPaymentFailed: s.notifications.paymentFailed,
    notifyNewSubscription: s.notifications.newSubscription,
    notifyCancellation: s.notifications.cancellation,
    paymentRetries: s.advanced.retryAttempts,
    retryIntervalDays: s.advanced.retryIntervalDays,
    suspendAfterFailures: s.advanced.suspendAfterFailures,
    trialDays: s.advanced.trialDays,
    trialRequiresPaymentMethod: s.advanced.trialRequiresPaymentMethod,
    webhookToleranceSeconds: s.advanced.webhookToleranceSeconds,
  };
}

export async function getBillingSettings(db: Db): Promise<BillingSettingsResponse> {
  return toBillingSettings(await readBillingSettings(db));
}

/**
 * Saves the settings the core uses (invoice prefix and numbering, due days, retries, trial days, tax…); the activity
 * log names each changed field with its old and new value, in the same transaction. The secrets are not touched here.
 */
export async function saveBillingSettings(
  db: Db,
  input: { settings: BillingSettings; actorId: string },
  context: { ipAddress: string; userAgent: string | null },
): Promise<BillingSettingsResponse> {
  return db.transaction(async (tx) => {
    const before = await readBillingSettings(tx);
    await tx.select({ id: billingSettings.id }).from(billingSettings).where(eq(billingSettings.id, 1)).for('update');
    const next = toColumns(input.settings);
    if (next.currency !== before.currency) await assertPricesChargeableIn(tx, next.currency);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(next)) {
      const old = before[key as keyof BillingSettingsRow];
      if (old !== value) changes[key] = { from: old, to: value };
    }
    const [row] = await tx
      .update(billingSettings)
      .set({ ...next, updatedAt: new Date(), updatedBy: input.actorId })
      .where(eq(billingSettings.id, 1))
      .returning();
    if (Object.keys(changes).length > 0) {
      await logAdminActivity(
        tx,
        { action: 'billing_settings_updated', resourceType: 'billing_settings', resourceId: '1', adminUserId: input.actorId, details: { changes } },
        context,
      );
    }
    return toBillingSettings(row!);
  });
}
