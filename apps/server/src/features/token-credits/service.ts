import { and, asc, eq, gte, lt, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokenCredits, usageLedger } from '../../db/schema/index';

/** A transaction or the database. */
type Executor = Pick<Db, 'insert'>;

export const TOKEN_CREDIT_REASONS = ['referral_reward', 'purchase', 'usage'] as const;
export type TokenCreditReason = (typeof TOKEN_CREDIT_REASONS)[number];

/**
 * Credits tokens to an organization once per `reference` (a payment id, `referral:<id>:referrer`…): a second call
 * with the same reference changes nothing and returns false. Commerce credits token purchases here too.
 */
export async function creditTokens(
  db: Executor,
  input: { organizationId: string; tokens: number; reason: Exclude<TokenCreditReason, 'usage'>; reference: string },
): Promise<boolean> {
  if (!Number.isInteger(input.tokens) || input.tokens <= 0) throw new Error('A credit is a positive whole number of tokens.');
  const inserted = await db
    .insert(tokenCredits)
    .values({ organizationId: input.organizationId, tokens: input.tokens, reason: input.reason, reference: input.reference })
    .onConflictDoNothing({ target: tokenCredits.reference })
    .returning({ id: tokenCredits.id });
  return inserted.length > 0;
}

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Credit tokens the organization can still use this month: credits minus what past months consumed. Credits are a
 * balance used only after the monthly allowance; each closed month's use of them is written once, lazily, as a
 * negative `usage` row (reference usage:<organization>:<YYYY-MM>), so every node arrives at the same balance.
 * Past months are settled against `allowance` (the current tier's limit; -1 = unlimited uses no credits).
 */
export async function availableCredits(db: Db, organizationId: string, allowance: number, now = new Date()): Promise<number> {
  const rows = await db
    .select({ tokens: tokenCredits.tokens, reason: tokenCredits.reason, reference: tokenCredits.reference, createdAt: tokenCredits.createdAt })
    .from(tokenCredits)
    .where(eq(tokenCredits.organizationId, organizationId))
    .orderBy(asc(tokenCredits.createdAt));
  if (rows.length === 0) return 0;

  const settled = new Set(rows.filter((r) => r.reason === 'usage').map((r) => r.reference));
  const current = monthStart(now);
  for (let month = monthStart(rows[0]!.createdAt); month < current; month = nextMonth(month)) {
    const reference = `usage:${organizationId}:${monthKey(month)}`;
    if (settled.has(reference)) continue;
    const end = nextMonth(month);
    const balance = rows.filter((r) => r.createdAt < end).reduce((total, r) => total + r.tokens, 0);
    let consumed = 0;
    if (allowance !== -1 && balance > 0) {
      const [used] = await db
        .select({ total: sum(usageLedger.tokens) })
        .from(usageLedger)
        .where(and(eq(usageLedger.organizationId, organizationId), gte(usageLedger.createdAt, month), lt(usageLedger.createdAt, end)));
      consumed = Math.min(balance, Math.max(0, Number(used?.total ?? 0) - allowance));
    }
    const at = new Date(end.getTime() - 1);
    await db
      .insert(tokenCredits)
      .values({ organizationId, tokens: -consumed, reason: 'usage', reference, createdAt: at })
      .onConflictDoNothing({ target: tokenCredits.reference });
    rows.push({ tokens: -consumed, reason: 'usage', reference, createdAt: at });
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
  return Math.max(
    0,
    rows.reduce((total, r) => total + r.tokens, 0),
  );
}
