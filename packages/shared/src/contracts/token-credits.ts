import { z } from 'zod';
import { pageQuerySchema, paginated } from './common';

/**
 * The token balance (decisions/0032-tokens-metering-ledger-and-document-cost.md): tokens bought or rewarded, used only after the plan's monthly
 * allowance. One name on every screen.
 */
export const TOKEN_BALANCE_LABEL = 'Token balance';

/**
 * Why the token balance changed; every change is one row of the ledger. `usage` is the monthly settlement written
 * before the ledger took each use when it happened.
 */
export const TOKEN_LEDGER_REASONS = ['purchase', 'referral_reward', 'overage_taken', 'refund', 'usage'] as const;
export type TokenLedgerReason = (typeof TOKEN_LEDGER_REASONS)[number];

export const TOKEN_LEDGER_REASON_LABELS: Record<TokenLedgerReason, string> = {
  purchase: 'Purchase',
  referral_reward: 'Referral reward',
  overage_taken: 'Used past the monthly allowance',
  refund: 'Refund',
  usage: 'Monthly use past the allowance',
};

export const creditHistoryQuerySchema = pageQuerySchema;
export type CreditHistoryQuery = z.output<typeof creditHistoryQuerySchema>;

export const creditHistoryEntrySchema = z.object({
  id: z.uuid(),
  /** Positive: added to the balance; negative: taken from it. */
  tokens: z.number().int(),
  reason: z.enum(TOKEN_LEDGER_REASONS),
  detail: z.string().nullable(),
  /** The balance once this row (and every earlier one) counted. */
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** GET /api/usage/credit-history: the ledger, newest first, a page at a time, with the balance (the sum of every row). */
export const creditHistorySchema = paginated(creditHistoryEntrySchema).extend({ balance: z.number().int() });
export type CreditHistory = z.infer<typeof creditHistorySchema>;

/**
 * What a document will cost before it is added (POST /api/chatbots/:id/sources/{file,url,text}/estimate), by the rule
 * processing meters it with: ceil(characters × tokens per character × storage multiplier).
 */
export const sourceCostEstimateSchema = z.object({
  tokens: z.number().int(),
  rule: z.object({ characters: z.number().int(), tokensPerCharacter: z.number(), multiplier: z.number() }),
  /** The plan's monthly allowance (-1 unlimited), this month's use, and what is left of it (null: unlimited). */
  monthlyLimit: z.number().int(),
  usedThisMonth: z.number().int(),
  allowanceLeft: z.number().int().nullable(),
  tokenBalance: z.number().int(),
  /** How much of the cost would come from the token balance (after the allowance left). */
  fromTokenBalance: z.number().int(),
  fits: z.boolean(),
  /** The sentence the screen shows: the cost and what is left, or why it is refused. */
  message: z.string(),
});
export type SourceCostEstimate = z.infer<typeof sourceCostEstimateSchema>;

const n = (value: number) => value.toLocaleString('en-US');
const tokens = (value: number) => `${n(value)} token${value === 1 ? '' : 's'}`;

export interface DocumentCostFigures {
  tokens: number;
  monthlyLimit: number;
  allowanceLeft: number | null;
  tokenBalance: number;
}

/** How much of a cost the token balance would pay, and whether the two together cover it. */
export function documentCostShare(figures: Omit<DocumentCostFigures, 'monthlyLimit'>): { fromTokenBalance: number; fits: boolean } {
  if (figures.allowanceLeft === null) return { fromTokenBalance: 0, fits: true };
  const fromTokenBalance = Math.max(0, figures.tokens - figures.allowanceLeft);
  return { fromTokenBalance, fits: fromTokenBalance <= Math.max(0, figures.tokenBalance) };
}

/**
 * The one sentence about a document's cost, said before it is added and again when processing refuses it: what it
 * costs, what is left of the month's allowance, and what the token balance would pay or why it is refused.
 */
export function documentCostMessage(figures: DocumentCostFigures, what = 'This document'): string {
  const { fromTokenBalance, fits } = documentCostShare(figures);
  if (figures.allowanceLeft === null) return `${what} will cost ${tokens(figures.tokens)}; your plan has no monthly token limit.`;
  const left = `${n(figures.allowanceLeft)} of your ${tokens(figures.monthlyLimit)} are left this month`;
  if (!fits) {
    const balance = figures.tokenBalance > 0 ? ` and your token balance is ${tokens(figures.tokenBalance)}` : '';
    return `${what} would cost ${tokens(figures.tokens)}, but ${left}${balance}. Add a smaller document, buy tokens or upgrade your plan.`;
  }
  if (fromTokenBalance > 0)
    return `${what} will cost ${tokens(figures.tokens)}; ${left}, so ${tokens(fromTokenBalance)} will be taken from your token balance of ${tokens(figures.tokenBalance)}.`;
  return `${what} will cost ${tokens(figures.tokens)}; ${left}.`;
}

/**
 * The refusal as an error message (a 403 of the API, a failed source): spec part 1 §5 hides any error that mentions
 * the word token, so it names the figures of the allowance without it. The screen says it in full before (the
 * estimate's message).
 */
export function documentCostRefusal(figures: DocumentCostFigures, what = 'This document'): string {
  const left = figures.allowanceLeft ?? 0;
  const balance = figures.tokenBalance > 0 ? `, plus ${n(figures.tokenBalance)} bought` : '';
  return `${what} needs ${n(figures.tokens)} of your monthly allowance, but ${n(left)} of ${n(figures.monthlyLimit)} are left this month${balance}. Add a smaller document, buy more or upgrade your plan.`;
}
