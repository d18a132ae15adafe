import type { AdminCustomer, AdminCustomerDetail, AdminSubscription, InvoiceItem } from '@parley/shared/contracts/billing-admin';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, organizations, subscribers, tokenPurchases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { CURRENT_SUBSCRIPTIONS } from './monitoring';
import { rowsOf } from '../../db/raw-sql';
import { containsPattern } from '../../lib/like';

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const num = (value: unknown) => Number(value ?? 0);

/** MRR of one subscription: its price per month while it is billed (active or past due). */
export const MRR_SQL = (alias: string) =>
  sql.raw(
    `(case when ${alias}.status in ('active', 'past_due') then case when ${alias}.interval = 'year' then round(${alias}.amount_cents / 12.0) else ${alias}.amount_cents end else 0 end)::int`,
  );

/* ---------------------------------------------------------------- invoices */

interface InvoiceFilter {
  page: number;
  pageSize: number;
  status: string;
  search?: string | undefined;
  organizationId?: string | undefined;
}

function invoiceWhere(filter: Omit<InvoiceFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status !== 'all') conditions.push(eq(invoices.status, filter.status as (typeof invoices.$inferSelect)['status']));
  if (filter.organizationId) conditions.push(eq(invoices.organizationId, filter.organizationId));
  if (filter.search) {
    const p = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(invoices.number, p),
        ilike(invoices.description, p),
        ilike(invoices.providerInvoiceId, p),
        ilike(organizations.name, p),
        ilike(subscribers.email, p),
      ),
    );
  }
  return and(...conditions);
}

const invoiceSelect = {
  invoice: invoices,
  customerName: organizations.name,
  customerEmail: subscribers.email,
};

function toInvoiceItem(r: { invoice: typeof invoices.$inferSelect; customerName: string | null; customerEmail: string | null }): InvoiceItem {
  const i = r.invoice;
  return {
    id: i.id,
    stripeInvoiceId: i.providerInvoiceId,
    number: i.number,
    description: i.description || null,
    status: i.status,
    amount: i.amountCents,
    currency: i.currency,
    stripeCustomerId: i.providerCustomerId,
    organizationId: i.organizationId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    createdAt: i.createdAt.toISOString(),
    dueAt: i.dueAt?.toISOString() ?? null,
    // The customer's link of a sandbox invoice needs its membership; staff open it through the admin route.
    invoicePdf: i.provider === 'sandbox' ? `/api/admin/billing/sandbox/invoices/${i.providerInvoiceId}/pdf` : i.invoicePdf,
    // Spec §2/§4: retry appears only on failed invoices.
    canRetry: i.status === 'failed',
  };
}

/** Invoices, newest first, searched by number, description, provider id, customer name or e-mail. */
export async function listInvoices(db: Db, filter: InvoiceFilter) {
  const where = invoiceWhere(filter);
  const base = () =>
    db
      .select(invoiceSelect)
      .from(invoices)
      .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
      .leftJoin(subscribers, eq(subscribers.organizationId, invoices.organizationId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(invoices)
      .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
      .leftJoin(subscribers, eq(subscribers.organizationId, invoices.organizationId))
      .where(where),
  ]);
  return { items: rows.map(toInvoiceItem), total: num(total?.n), page: filter.page, pageSize: filter.pageSize };
}

export async function getInvoice(db: Db, id: string): Promise<InvoiceItem> {
  const [row] = await db
    .select(invoiceSelect)
    .from(invoices)
    .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
    .leftJoin(subscribers, eq(subscribers.organizationId, invoices.organizationId))
    .where(eq(invoices.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found.');
  return toInvoiceItem(row);
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every invoice matching the filters as CSV (at most 10,000 rows). */
export async function invoicesCsv(db: Db, filter: Omit<InvoiceFilter, 'page' | 'pageSize'>): Promise<string> {
  const { items } = await listInvoices(db, { ...filter, page: 1, pageSize: 10_000 });
  const header = ['invoice_id', 'number', 'description', 'customer', 'email', 'amount', 'currency', 'status', 'date', 'due_date', 'invoice_pdf'];
  const lines = items.map((i) =>
    [
      i.stripeInvoiceId,
      i.number,
      i.description,
      i.customerName,
      i.customerEmail,
      (i.amount / 100).toFixed(2),
      i.currency,
      i.status,
      i.createdAt,
      i.dueAt,
      i.invoicePdf,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/* ---------------------------------------------------------------- subscriptions */

interface SubscriptionRow {
  id: string;
  organization_id: string;
  organization_name: string;
  owner_email: string | null;
  tier: string;
  tier_name: string | null;
  status: string;
  interval: string | null;
  amount_cents: number;
  mrr_cents: number;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  total: number;
}

const toSubscription = (r: SubscriptionRow): AdminSubscription => ({
  id: r.id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  ownerEmail: r.owner_email,
  tier: r.tier,
  tierName: r.tier_name ?? r.tier,
  status: r.status,
  interval: r.interval,
  amountCents: num(r.amount_cents),
  mrrCents: num(r.mrr_cents),
  currentPeriodEnd: iso(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  createdAt: iso(r.created_at)!,
});

function subscriptionQuery(source: SQL, where: SQL) {
  return sql`select s.id, s.organization_id, o.name as organization_name, sub.email as owner_email, s.tier, t.display_name as tier_name, s.status,
      s.interval, s.amount_cents, ${MRR_SQL('s')} as mrr_cents, s.current_period_end, s.cancel_at_period_end, s.created_at, count(*) over () as total
    from ${source} as s
    join organizations o on o.id = s.organization_id
    left join subscribers sub on sub.organization_id = s.organization_id
    left join subscription_tier_limits t on t.tier = s.tier
    where ${where}`;
}

/** The current subscription of every organization, searched and filtered by status and plan, newest first. */
export async function listSubscriptions(db: Db, filter: { page: number; pageSize: number; status: string; plan: string; search?: string | undefined }) {
  const conditions: SQL[] = [sql`true`];
  if (filter.status !== 'all') conditions.push(sql`s.status = ${filter.status}`);
  if (filter.plan !== 'all') conditions.push(sql`s.tier = ${filter.plan}`);
  if (filter.search) {
    const p = containsPattern(filter.search);
    conditions.push(sql`(o.name ilike ${p} or sub.email ilike ${p} or s.provider_subscription_id ilike ${p} or s.tier ilike ${p})`);
  }
  const result = await db.execute(
    sql`${subscriptionQuery(CURRENT_SUBSCRIPTIONS, sql.join(conditions, sql` and `))} order by s.created_at desc, s.id desc limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const rows = rowsOf<SubscriptionRow>(result);
  return { items: rows.map(toSubscription), total: num(rows[0]?.total), page: filter.page, pageSize: filter.pageSize };
}

/* ---------------------------------------------------------------- customers */

interface CustomerRow {
  id: string;
  organization_id: string;
  name: string;
  email: string | null;
  status: AdminCustomer['status'];
  plan: string;
  join_date: string;
  card_last4: string | null;
  provider: string;
  mrr_cents: number;
  total_spent: number;
  next_billing: string | null;
  total: number;
}

/**
 * A customer is an organization known to the provider (a subscribers row). Its status follows its current
 * subscription: active or trialing → active, past_due or unpaid → past_due, canceled → cancelled; none (tokens only) → active.
 * Total spent is what was paid before `asOf` (billingReportTime), the time the Revenue and Analytics tabs are read at.
 */
const customerQuery = (where: SQL, asOf: Date) => sql`with cur as ${CURRENT_SUBSCRIPTIONS},
  spent as (select organization_id, sum(amount_cents - tax_cents) as cents from invoices where status = 'paid' and provider_subscription_id is not null
    and coalesce(paid_at, created_at) < ${asOf.toISOString()}::timestamptz group by organization_id),
  bought as (select organization_id, sum(amount_cents) as cents from token_purchases where status = 'paid'
    and coalesce(completed_at, created_at) < ${asOf.toISOString()}::timestamptz group by organization_id),
  base as (
    select sub.id, sub.organization_id, o.name, sub.email, sub.created_at as join_date, sub.provider, sc.card_last4,
      case when cur.status is null or cur.status in ('active', 'trialing') then 'active' when cur.status in ('past_due', 'unpaid') then 'past_due' else 'cancelled' end as status,
      coalesce(t.display_name, cur.tier, sub.tier) as plan,
      coalesce(${MRR_SQL('cur')}, 0) as mrr_cents,
      (coalesce(spent.cents, 0) + coalesce(bought.cents, 0))::int as total_spent,
      case when cur.status in ('active', 'trialing', 'past_due') and not cur.cancel_at_period_end then cur.current_period_end end as next_billing
    from subscribers sub
    join organizations o on o.id = sub.organization_id
    left join cur on cur.organization_id = sub.organization_id
    left join subscription_tier_limits t on t.tier = coalesce(cur.tier, sub.tier)
    left join sandbox_customers sc on sc.organization_id = sub.organization_id
    left join spent on spent.organization_id = sub.organization_id
    left join bought on bought.organization_id = sub.organization_id
  )
  select *, count(*) over () as total from base where ${where}`;

const toCustomer = (r: CustomerRow): AdminCustomer => ({
  id: r.id,
  organizationId: r.organization_id,
  name: r.name,
  email: r.email,
  status: r.status,
  plan: r.plan,
  joinDate: iso(r.join_date)!,
  paymentMethod: r.card_last4 ? `Card •••• ${r.card_last4}` : r.provider === 'stripe' ? 'Managed in Stripe' : null,
  mrrCents: num(r.mrr_cents),
  totalSpentCents: num(r.total_spent),
  nextBilling: iso(r.next_billing),
});

export async function listCustomers(db: Db, filter: { page: number; pageSize: number; status: string; search?: string | undefined }, asOf: Date) {
  const conditions: SQL[] = [sql`true`];
  if (filter.status !== 'all') conditions.push(sql`status = ${filter.status}`);
  if (filter.search) {
    const p = containsPattern(filter.search);
    conditions.push(sql`(name ilike ${p} or email ilike ${p} or plan ilike ${p})`);
  }
  const result = await db.execute(
    sql`${customerQuery(sql.join(conditions, sql` and `), asOf)} order by join_date desc, id desc limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const rows = rowsOf<CustomerRow>(result);
  return { items: rows.map(toCustomer), total: num(rows[0]?.total), page: filter.page, pageSize: filter.pageSize };
}

/** One customer: the card, every subscription of the organization, its invoices and token purchases. */
export async function customerDetail(db: Db, id: string, asOf: Date): Promise<AdminCustomerDetail> {
  const [row] = rowsOf<CustomerRow>(await db.execute(customerQuery(sql`id = ${id}`, asOf)));
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found.');
  const customer = toCustomer(row);
  const [subs, invoiceList, purchases] = await Promise.all([
    db.execute(
      sql`${subscriptionQuery(sql`organization_subscriptions`, sql`s.organization_id = ${customer.organizationId}`)} order by s.created_at desc limit 50`,
    ),
    listInvoices(db, { page: 1, pageSize: 50, status: 'all', organizationId: customer.organizationId }),
    db
      .select()
      .from(tokenPurchases)
      .where(and(eq(tokenPurchases.organizationId, customer.organizationId), eq(tokenPurchases.status, 'paid')))
      .orderBy(desc(tokenPurchases.createdAt))
      .limit(50),
  ]);
  return {
    customer,
    subscriptions: rowsOf<SubscriptionRow>(subs).map(toSubscription),
    invoices: invoiceList.items,
    tokenPurchases: purchases.map((p) => ({ id: p.id, tokens: p.tokens, amountCents: p.amountCents, createdAt: p.createdAt.toISOString() })),
  };
}
