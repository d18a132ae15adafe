import type { CreditHistory, CreditHistoryQuery, TokenLedgerReason } from '@parley/shared/contracts/token-credits';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizationUsageMonths, tokenCredits } from '../db/schema/index';

/** A transaction or the database. */
type Executor = Pick<Db, 'insert' | 'select'>;

export type TokenCreditReason = TokenLedgerReason;

/**
 * Credits tokens to an organization once per `reference` (a payment id, `referral:<id>:referrer`…): a second call
 * with the same reference changes nothing and returns false. Commerce credits token purchases here too.
 */
export async function creditTokens(
  db: Executor,
  input: { organizationId: string; tokens: number; reason: 'purchase' | 'referral_reward'; reference: string; detail?: string | null },
): Promise<boolean> {
  if (!Number.isInteger(input.tokens) || input.tokens <= 0) throw new Error('A credit is a positive whole number of tokens.');
  const inserted = await db
    .insert(tokenCredits)
    .values({ organizationId: input.organizationId, tokens: input.tokens, reason: input.reason, reference: input.reference, detail: input.detail ?? null })
    .onConflictDoNothing({ target: tokenCredits.reference })
    .returning({ id: tokenCredits.id });
  return inserted.length > 0;
}

/**
 * The organization's token balance: the sum of its ledger rows. Tokens bought or rewarded are used only after the
 * monthly allowance, and each use past it is a row written when it happens (takeFromBalance), so a change of plan
 * never changes the balance.
 */
export async function tokenBalance(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${tokenCredits.tokens}), 0)` })
    .from(tokenCredits)
    .where(eq(tokenCredits.organizationId, organizationId));
  return Number(row?.total ?? 0);
}

/**
 * Locks the organization's counter of this month's metered tokens (organization_usage_months, kept by a trigger on
 * usage_ledger) until the transaction ends, and returns the month's tokens so far. Every metering and every change that
 * takes from the balance holds it, so each reads a total no one else is changing: the use past the allowance is taken
 * exactly once, however many answers are metered at the same moment.
 */
export async function lockMonthUsage(tx: Executor, organizationId: string): Promise<number> {
  const [row] = await monthUsageLock(tx, organizationId);
  return Number(row?.tokens ?? 0);
}

/** lockMonthUsage's statement, unrun: it returns `tokens`, the month's tokens before this transaction's use. */
export function monthUsageLock(tx: Executor, organizationId: string) {
  return tx
    .insert(organizationUsageMonths)
    .values({ organizationId, period: sql`to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`, tokens: 0 })
    .onConflictDoUpdate({
      target: [organizationUsageMonths.organizationId, organizationUsageMonths.period],
      set: { tokens: sql`${organizationUsageMonths.tokens}` },
    })
    .returning({ tokens: organizationUsageMonths.tokens });
}

/**
 * Takes up to `tokens` from the balance, as one ledger row (never below zero), under the lock of lockMonthUsage, which
 * the caller holds. Returns what was taken. Written once per `reference`.
 */
export async function takeFromBalance(
  tx: Executor,
  input: { organizationId: string; tokens: number; reason: 'overage_taken' | 'refund'; reference: string; detail?: string | null },
): Promise<number> {
  if (input.tokens <= 0) return 0;
  const taken = Math.min(input.tokens, Math.max(0, await tokenBalance(tx, input.organizationId)));
  if (taken <= 0) return 0;
  const inserted = await tx
    .insert(tokenCredits)
    .values({ organizationId: input.organizationId, tokens: -taken, reason: input.reason, reference: input.reference, detail: input.detail ?? null })
    .onConflictDoNothing({ target: tokenCredits.reference })
    .returning({ id: tokenCredits.id });
  return inserted.length > 0 ? taken : 0;
}

/** Tokens already taken back for refunds whose reference starts with `prefix`. */
export async function refundedTokens(tx: Executor, organizationId: string, prefix: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${tokenCredits.tokens}), 0)` })
    .from(tokenCredits)
    .where(and(eq(tokenCredits.organizationId, organizationId), eq(tokenCredits.reason, 'refund'), like(tokenCredits.reference, `${prefix}%`)));
  return -Number(row?.total ?? 0);
}

/** The ledger, newest first, a page at a time; each row with the balance once it counted. */
export async function creditHistory(db: Db, organizationId: string, query: CreditHistoryQuery): Promise<CreditHistory> {
  const { page, pageSize } = query;
  const running = db
    .select({
      id: tokenCredits.id,
      tokens: tokenCredits.tokens,
      reason: tokenCredits.reason,
      detail: tokenCredits.detail,
      createdAt: tokenCredits.createdAt,
      seq: tokenCredits.seq,
      balanceAfter: sql<string>`sum(${tokenCredits.tokens}) OVER (ORDER BY ${tokenCredits.createdAt}, ${tokenCredits.seq})`.as('balance_after'),
    })
    .from(tokenCredits)
    .where(eq(tokenCredits.organizationId, organizationId))
    .as('running');
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(running)
      .orderBy(desc(running.createdAt), desc(running.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int`, balance: sql<string>`coalesce(sum(${tokenCredits.tokens}), 0)` })
      .from(tokenCredits)
      .where(eq(tokenCredits.organizationId, organizationId)),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      tokens: row.tokens,
      reason: row.reason as TokenLedgerReason,
      detail: row.detail,
      balanceAfter: Number(row.balanceAfter),
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    page,
    pageSize,
    balance: Number(totals?.balance ?? 0),
  };
}
