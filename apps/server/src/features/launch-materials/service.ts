import type { LaunchCheck, LaunchMaterials } from '@parley/shared/contracts/launch-materials';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminUsers, chatbots, profiles, systemApiKeys, widgetEmbeds } from '../../db/schema/index';
import { resolveStripeSecrets, type StripeSecrets } from '../../services/billing-settings';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const BILLING_CONFIGURATION = { label: 'Billing → Configuration', href: '/admin/billing?tab=configuration' };

/**
 * Stripe takes payments once both its secret key and its webhook signing secret are set (without the second, Stripe's
 * events are refused and nothing is ever marked paid). With neither, the built-in sandbox stands in: it works end to
 * end but moves no money.
 */
function paymentProviderCheck(stripe: StripeSecrets, publicUrl: string): LaunchCheck {
  const base = { key: 'payment_provider', label: 'A payment provider', link: BILLING_CONFIGURATION } as const;
  if (stripe.secretKey && stripe.webhookSecret)
    return {
      ...base,
      status: 'done',
      detail: `Stripe takes payments (secret key from ${stripe.source.secretKey === 'env' ? 'STRIPE_SECRET_KEY' : 'the billing settings'}); its events arrive at ${publicUrl}/api/webhooks/stripe.`,
    };
  if (stripe.secretKey)
    return {
      ...base,
      status: 'todo',
      detail: `Stripe's secret key is set but its webhook signing secret is not: Stripe's events would be refused and no payment would be recorded. Add a webhook endpoint for ${publicUrl}/api/webhooks/stripe in Stripe and save its signing secret.`,
    };
  return {
    ...base,
    status: 'not_configured',
    detail:
      'No Stripe keys are set: checkouts go through the built-in sandbox, which works end to end but moves no money. Save your Stripe secret key and webhook signing secret to take real payments.',
  };
}

/** What an operator needs before launch, read from this installation (decided content; docs/decisions/README.md). */
export async function launchMaterials(db: Db, config: Config): Promise<LaunchMaterials> {
  const [[admins], keys, [live], embeds, stripe] = await Promise.all([
    db
      .select({ n: count() })
      .from(adminUsers)
      .innerJoin(profiles, eq(profiles.id, adminUsers.userId))
      .where(and(eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true), eq(profiles.isActive, true))),
    db.select({ serviceName: systemApiKeys.serviceName }).from(systemApiKeys).where(eq(systemApiKeys.isActive, true)),
    db.select({ n: count() }).from(chatbots).where(eq(chatbots.status, 'live')),
    db
      .select({
        chatbotId: widgetEmbeds.chatbotId,
        chatbotName: chatbots.name,
        origin: widgetEmbeds.origin,
        firstSeenAt: widgetEmbeds.firstSeenAt,
        lastSeenAt: widgetEmbeds.lastSeenAt,
        requestCount: widgetEmbeds.requestCount,
      })
      .from(widgetEmbeds)
      .innerJoin(chatbots, eq(chatbots.id, widgetEmbeds.chatbotId))
      .orderBy(desc(widgetEmbeds.lastSeenAt))
      .limit(20),
    resolveStripeSecrets(db, config),
  ]);
  const adminCount = Number(admins?.n ?? 0);
  const storedServices = [...new Set(keys.map((k) => k.serviceName))];
  const envProviders = Object.entries(config.ai)
    .filter(([, value]) => Boolean(value))
    .map(([name]) => name);
  const liveCount = Number(live?.n ?? 0);

  const checks: LaunchCheck[] = [
    {
      key: 'admin_created',
      label: 'An administrator account',
      status: adminCount > 0 ? 'done' : 'todo',
      detail: adminCount > 0 ? `${plural(adminCount, 'active system administrator')}.` : 'No active system administrator yet: make one in Admin Users.',
      link: { label: 'Admin Users', href: '/admin/admin-users' },
    },
    {
      key: 'ai_key',
      label: 'An AI provider key',
      status: storedServices.length > 0 || envProviders.length > 0 ? 'done' : 'todo',
      detail:
        storedServices.length > 0 || envProviders.length > 0
          ? [
              storedServices.length > 0 && `Stored keys for ${storedServices.join(', ')}`,
              envProviders.length > 0 && `environment keys for ${envProviders.join(', ')}`,
            ]
              .filter(Boolean)
              .join('; ') + '.'
          : 'No key is set: chatbots answer with the built-in extractive answerer and embed documents locally. Add a key for better answers.',
      link: { label: 'System Configuration → API Keys', href: '/admin/system-configuration?tab=api-keys' },
    },
    paymentProviderCheck(stripe, config.publicUrl),
    {
      key: 'smtp',
      label: 'Outgoing e-mail (SMTP)',
      status: config.smtp ? 'done' : 'todo',
      detail: config.smtp
        ? `Mail is sent through ${config.smtp.host}:${config.smtp.port} from ${config.smtp.from}.`
        : 'SMTP_HOST is not set: confirmation and notification e-mails only go to the outbox and the server log. Set SMTP_HOST (and SMTP_USER, SMTP_PASSWORD) and restart.',
      link: { label: 'Debug console (e-mail outbox)', href: '/admin/debug/outbox' },
    },
    {
      key: 'chatbot_live',
      label: 'A live chatbot',
      status: liveCount > 0 ? 'done' : 'todo',
      detail: liveCount > 0 ? `${plural(liveCount, 'chatbot')} live.` : 'No chatbot is live yet: build one, add documents and set it live.',
      link: { label: 'Chatbots', href: '/dashboard/chatbots' },
    },
    {
      key: 'widget_embedded',
      label: 'The widget on a website',
      status: embeds.length > 0 ? 'done' : 'todo',
      detail:
        embeds.length > 0
          ? `Seen on ${[...new Set(embeds.map((e) => e.origin))].slice(0, 3).join(', ')}${embeds.length > 3 ? ' and more' : ''}.`
          : 'The server has not yet seen the widget load from another website. Paste the embed code from a chatbot’s Embed tab into a page.',
      link: { label: 'Chatbot embed code', href: '/dashboard/chatbots' },
    },
  ];
  return {
    checks,
    completed: checks.filter((c) => c.status === 'done').length,
    total: checks.length,
    embeds: embeds.map((e) => ({ ...e, firstSeenAt: e.firstSeenAt.toISOString(), lastSeenAt: e.lastSeenAt.toISOString() })),
    publicUrl: config.publicUrl,
  };
}
