import type { FastifyReply } from 'fastify';
import { isPackageForSale } from '@parley/shared/contracts/token-packages';
import type { InvoicePage, SandboxPortal, SubscriptionOverview, TokenOverview } from '@parley/shared/contracts/billing';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  invoices,
  organizations,
  sandboxCustomers,
  sandboxInvoices,
  subscribers,
  subscriptionTierLimits,
  tokenPackages,
  tokenPurchases,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { usageSummary } from '../usage/index';
import { liveSubscription } from './checkout';
import { readBillingSettings, resolveStripeSecrets } from '../../services/billing-settings';
import { sandboxNow } from '../../providers/payments/sandbox/clock';
import { cardBehaviour, assertExpiryInFuture } from '../../providers/payments/sandbox/cards';
import { ensureSandboxCustomer } from '../../providers/payments/sandbox/ledger';
import { renderInvoicePdf } from '../../providers/payments/sandbox/pdf';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function providerName(db: Db, config: Config): Promise<'stripe' | 'sandbox'> {
  return (await resolveStripeSecrets(db, config)).secretKey ? 'stripe' : 'sandbox';
}

const toSubscriptionView = (sub: NonNullable<Awaited<ReturnType<typeof liveSubscription>>>) => ({
  id: sub.id,
  tier: sub.tier,
  interval: sub.interval,
  status: sub.status,
  amountCents: sub.amountCents,
  currency: sub.currency,
  currentPeriodStart: iso(sub.currentPeriodStart),
  currentPeriodEnd: iso(sub.currentPeriodEnd),
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  failedPaymentCount: sub.failedPaymentCount,
});

/** /dashboard/subscription: the plan, its limits and this month's use, the subscription, and the plans on offer. */
export async function subscriptionOverview(db: Db, config: Config, organizationId: string, canManage: boolean): Promise<SubscriptionOverview> {
  const usage = await usageSummary(db, organizationId);
  const [tier] = await db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, usage.tier.tier));
  const offers = await db.select().from(subscriptionTierLimits).where(eq(subscriptionTierLimits.isActive, true)).orderBy(asc(subscriptionTierLimits.sortOrder));
  const sub = await liveSubscription(db, organizationId);
  const [customer] = await db.select({ id: subscribers.stripeCustomerId }).from(subscribers).where(eq(subscribers.organizationId, organizationId));
  return {
    provider: await providerName(db, config),
    organizationId,
    canManage,
    tier: usage.tier,
    limits: {
      monthlyTokenLimit: tier!.monthlyTokenLimit,
      maxChatbots: tier!.maxChatbots,
      maxHandoffsPerMonth: tier!.maxHandoffsPerMonth,
      apiKeyRequestsPerMinute: tier!.apiKeyRequestsPerMinute,
      chatbotMessagesPerMinute: tier!.chatbotMessagesPerMinute,
      visitorMessagesPerMinute: tier!.visitorMessagesPerMinute,
    },
    usage: { tokensUsed: usage.tokens.used, chatbots: usage.chatbots.count, creditBalance: usage.tokens.creditBalance },
    subscription: sub ? toSubscriptionView(sub) : null,
    offers: offers.map((o) => ({
      tier: o.tier,
      displayName: o.displayName,
      description: o.description,
      monthlyTokenLimit: o.monthlyTokenLimit,
      maxChatbots: o.maxChatbots,
      maxHandoffsPerMonth: o.maxHandoffsPerMonth,
      priceMonthlyCents: o.priceMonthlyCents,
      priceAnnualCents: o.priceAnnualCents,
      isPopular: o.isPopular,
      ctaText: o.ctaText,
    })),
    currency: (await readBillingSettings(db)).currency,
    hasCustomer: Boolean(customer?.id),
  };
}

/** The organization's invoices, newest first, a page at a time. Sandbox PDFs are served by Parley. */
export async function listInvoices(db: Db, organizationId: string, page: number, pageSize: number): Promise<InvoicePage> {
  const where = eq(invoices.organizationId, organizationId);
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      amountCents: row.amountCents,
      currency: row.currency,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      dueAt: iso(row.dueAt),
      paidAt: iso(row.paidAt),
      pdfUrl: row.provider === 'sandbox' ? `/api/billing/sandbox/invoices/${row.providerInvoiceId}/pdf` : (row.invoicePdf ?? row.hostedInvoiceUrl),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  };
}

/** /dashboard/billing: the token balance, the packages on sale and the latest purchases. */
export async function tokenOverview(db: Db, config: Config, organizationId: string, canBuy: boolean): Promise<TokenOverview> {
  const usage = await usageSummary(db, organizationId);
  const packages = await db.select().from(tokenPackages).where(eq(tokenPackages.isActive, true)).orderBy(asc(tokenPackages.tokens));
  const purchases = await db
    .select()
    .from(tokenPurchases)
    .where(eq(tokenPurchases.organizationId, organizationId))
    .orderBy(desc(tokenPurchases.createdAt))
    .limit(20);
  return {
    provider: await providerName(db, config),
    canBuy,
    creditBalance: usage.tokens.creditBalance,
    tokensUsed: usage.tokens.used,
    monthlyTokenLimit: usage.tokens.limit,
    currency: (await readBillingSettings(db)).currency,
    packages: packages.filter(isPackageForSale).map((p) => ({ id: p.id, name: p.name, tokens: p.tokens, priceCents: p.priceCents })),
    purchases: purchases.map((p) => ({
      id: p.id,
      packageName: p.packageName,
      tokens: p.tokens,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/** A sandbox invoice of the organization as a PDF. */
/** A sandbox invoice as a PDF: the organization's own (`organizationId`), or any for a system admin (null). */
export async function sandboxInvoicePdf(db: Db, organizationId: string | null, invoiceId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const [row] = await db
    .select({ invoice: sandboxInvoices, organizationName: organizations.name })
    .from(sandboxInvoices)
    .innerJoin(organizations, eq(organizations.id, sandboxInvoices.organizationId))
    .where(and(eq(sandboxInvoices.id, invoiceId), organizationId === null ? undefined : eq(sandboxInvoices.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found.');
  const invoice = row.invoice;
  const pdf = await renderInvoicePdf({
    number: invoice.number,
    status: invoice.status,
    issuedAt: invoice.createdAt,
    dueAt: invoice.dueAt,
    paidAt: invoice.paidAt,
    organizationName: row.organizationName,
    customerEmail: invoice.customerEmail,
    description: invoice.description,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
  });
  return { fileName: `${invoice.number}.pdf`, pdf };
}

/** The sandbox's customer portal: the saved card, whether renewals fail, and the subscription. */
export async function sandboxPortal(db: Db, organizationId: string): Promise<SandboxPortal> {
  const customer = await ensureSandboxCustomer(db, organizationId);
  const sub = await liveSubscription(db, organizationId);
  return {
    customerId: customer.id,
    email: customer.email,
    cardLast4: customer.cardLast4,
    failRenewals: customer.failRenewals,
    clockNow: (await sandboxNow(db)).toISOString(),
    subscription: sub && sub.provider === 'sandbox' ? { ...toSubscriptionView(sub), id: sub.providerSubscriptionId } : null,
  };
}

/** Replaces the saved test card: 4000 0000 0000 0341 makes later charges (renewals) fail; 0002 is declined. */
export async function updateSandboxCard(db: Db, organizationId: string, card: { cardNumber: string; expiry: string }): Promise<SandboxPortal> {
  assertExpiryInFuture(card.expiry, await sandboxNow(db));
  const behaviour = cardBehaviour(card.cardNumber);
  if (behaviour === 'declined') throw new AppError('VALIDATION_ERROR', 'Your card was declined.');
  const customer = await ensureSandboxCustomer(db, organizationId);
  await db
    .update(sandboxCustomers)
    .set({ cardLast4: card.cardNumber.slice(-4), failRenewals: behaviour === 'fails_later' })
    .where(eq(sandboxCustomers.id, customer.id));
  return sandboxPortal(db, organizationId);
}

/** The reply of a sandbox invoice's PDF, opened in the browser. */
export function sendInvoicePdf(reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export const SANDBOX_INVOICE_ID_PATTERN = /^in_sandbox_[A-Za-z0-9_-]{10,64}$/;
