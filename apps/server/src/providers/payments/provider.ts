import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SandboxEventSink } from './sandbox/events';
import { createSandboxProvider, sandboxWebhookVerifier } from './sandbox/provider';
import { eq } from 'drizzle-orm';
import { organizationSubscriptions } from '../../db/schema/index';
import { paymentModeProblem, readBillingSettings, resolveStripeSecrets, sandboxWebhookSecret, taxRateOf } from '../../services/billing-settings';
import { createStripeProvider } from './stripe';
import { AppError } from '../../lib/app-error';
import type { CheckoutTerms, PaymentProvider, ProviderName } from './types';

/**
 * The provider in use now: Stripe with a configured secret key, else the sandbox. When the key does not match the
 * billing settings' test mode (decisions/0023-billing-settings.md), the provider refuses new payments (checkouts, plan changes) with the
 * reason; what is already running (cancellations, the portal, retries, webhooks) goes on.
 */
export async function getPaymentProvider(db: Db, config: Config, sink: SandboxEventSink): Promise<PaymentProvider> {
  const [secrets, settings] = await Promise.all([resolveStripeSecrets(db, config), readBillingSettings(db)]);
  const terms: CheckoutTerms = {
    currency: settings.currency,
    taxRateBasisPoints: taxRateOf(settings),
    trialRequiresPaymentMethod: settings.trialRequiresPaymentMethod,
    async trialDays(organizationId) {
      if (settings.trialDays <= 0) return 0;
      const [had] = await db
        .select({ id: organizationSubscriptions.id })
        .from(organizationSubscriptions)
        .where(eq(organizationSubscriptions.organizationId, organizationId))
        .limit(1);
      return had ? 0 : settings.trialDays;
    },
    refuseNewPayments: paymentModeProblem(settings.testMode, secrets.secretKey),
  };
  if (secrets.secretKey) {
    return createStripeProvider({ secretKey: secrets.secretKey, webhookSecret: secrets.webhookSecret, apiUrl: config.stripe.apiUrl, terms });
  }
  return createSandboxProvider(db, config, sink, await sandboxWebhookSecret(db, config), terms);
}

/**
 * The providers whose signatures the webhook endpoint accepts: Stripe's (when its signing secret is set) and the
 * sandbox's (always; its secret never leaves the server, and sandbox subscriptions keep renewing after a switch).
 */
export async function webhookVerifiers(db: Db, config: Config): Promise<{ provider: ProviderName; verify: PaymentProvider['verifyWebhook'] }[]> {
  const secrets = await resolveStripeSecrets(db, config);
  const verifiers: { provider: ProviderName; verify: PaymentProvider['verifyWebhook'] }[] = [];
  if (secrets.webhookSecret) {
    const stripe = createStripeProvider({ secretKey: secrets.secretKey ?? 'sk_unset', webhookSecret: secrets.webhookSecret, apiUrl: config.stripe.apiUrl });
    verifiers.push({ provider: 'stripe', verify: stripe.verifyWebhook });
  }
  verifiers.push({ provider: 'sandbox', verify: sandboxWebhookVerifier(await sandboxWebhookSecret(db, config)) });
  return verifiers;
}

/**
 * The client of a named provider for what already runs there (cancellations): a sandbox subscription stays with the
 * sandbox after Stripe is configured, and a Stripe one needs the Stripe key whatever the test mode says.
 */
export async function providerNamed(db: Db, config: Config, sink: SandboxEventSink, name: ProviderName): Promise<PaymentProvider> {
  if (name === 'sandbox') return createSandboxProvider(db, config, sink, await sandboxWebhookSecret(db, config));
  const secrets = await resolveStripeSecrets(db, config);
  if (!secrets.secretKey) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe is not configured: its secret key is missing.');
  return createStripeProvider({ secretKey: secrets.secretKey, webhookSecret: secrets.webhookSecret, apiUrl: config.stripe.apiUrl });
}
