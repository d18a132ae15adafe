import type { Db } from '../../db/client';
import { usageLedger } from '../../db/schema/index';
import { lockMonthUsage, takeFromBalance } from '../../services/token-ledger';
import { UNLIMITED } from './service';

type Executor = Pick<Db, 'insert' | 'select'>;

export interface MeteredTokens {
  /** The month's tokens before and after this use, exact: read under the month counter's lock. */
  usedBefore: number;
  usedAfter: number;
  /** Tokens of this use past the monthly allowance, taken from the token balance (a ledger row). */
  takenFromBalance: number;
}

/** Tokens of a use past the allowance: the part of [before, after) above `limit`. */
export function pastAllowance(before: number, after: number, limit: number): number {
  if (limit === UNLIMITED) return 0;
  return Math.max(0, after - limit) - Math.max(0, before - limit);
}

/**
 * Writes metered tokens in the caller's transaction: the usage rows, and the part of them past the monthly allowance
 * taken from the token balance as one ledger row (reason overage_taken, once per `reference`). The month's counter is
 * locked first (lockMonthUsage), so parallel uses of one organization take exactly what each used past the allowance.
 * `usedBefore`: the caller's own locked read, when it already made one (a document checks its cost against it first).
 */
export async function meterTokens(
  tx: Executor,
  input: {
    organizationId: string;
    rows: Omit<typeof usageLedger.$inferInsert, 'organizationId'>[];
    limit: number;
    reference: string;
    detail?: string | null;
    usedBefore?: number;
  },
): Promise<MeteredTokens> {
  const usedBefore = input.usedBefore ?? (await lockMonthUsage(tx, input.organizationId));
  const metered = input.rows.reduce((total, row) => total + row.tokens, 0);
  if (input.rows.length > 0) await tx.insert(usageLedger).values(input.rows.map((row) => ({ ...row, organizationId: input.organizationId })));
  const usedAfter = usedBefore + metered;
  const takenFromBalance = await takeFromBalance(tx, {
    organizationId: input.organizationId,
    tokens: pastAllowance(usedBefore, usedAfter, input.limit),
    reason: 'overage_taken',
    reference: input.reference,
    detail: input.detail ?? null,
  });
  return { usedBefore, usedAfter, takenFromBalance };
}
