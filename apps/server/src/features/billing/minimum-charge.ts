import { isBelowMinimumCharge, minimumChargeCents } from '@parley/shared/constants';
import { and, gt, lt, or, count } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { subscriptionTierLimits, tokenPackages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { formatMoney } from './notifications';

/**
 * Card payments have a floor per currency (Stripe: $0.50, £0.30, DKK 2.50…): a price between nothing and that floor
 * could be saved but never charged, and its checkout failed at the provider (decisions/0017-catalogue-and-system-configuration.md). Prices are refused where
 * they are set, and where the currency changes under them; checkout refuses one left from before.
 */
const smallestCharge = (currency: string) => formatMoney(minimumChargeCents(currency), currency);

/** 400 for a price that is neither free nor enough for a card payment; `label` names the field ("Price", "Monthly price"), `free` what $0 means for it. */
export function assertChargeablePrice(cents: number, currency: string, label: string, free: string): void {
  if (!isBelowMinimumCharge(cents, currency)) return;
  throw new AppError(
    'VALIDATION_ERROR',
    `${label} must be ${formatMoney(0, currency)} (${free}) or at least ${smallestCharge(currency)}: a card payment in ${currency.toUpperCase()} cannot be smaller.`,
  );
}

/** At checkout: a price saved before the floor was enforced, or before the currency changed. */
export function assertChargeableAtCheckout(cents: number, currency: string): void {
  if (!isBelowMinimumCharge(cents, currency)) return;
  throw new AppError(
    'VALIDATION_ERROR',
    `This price is below ${smallestCharge(currency)}, the smallest card payment in ${currency.toUpperCase()}, so it cannot be paid. Please contact support.`,
  );
}

/** Before the currency changes: no package or plan price may fall below the new currency's floor. */
export async function assertPricesChargeableIn(tx: Pick<Db, 'select'>, currency: string): Promise<void> {
  const floor = minimumChargeCents(currency);
  const below = (column: AnyPgColumn) => and(gt(column, 0), lt(column, floor));
  const [packages] = await tx.select({ n: count() }).from(tokenPackages).where(below(tokenPackages.priceCents));
  const [plans] = await tx
    .select({ n: count() })
    .from(subscriptionTierLimits)
    .where(or(below(subscriptionTierLimits.priceMonthlyCents), below(subscriptionTierLimits.priceAnnualCents)));
  const counts = { package: Number(packages?.n ?? 0), plan: Number(plans?.n ?? 0) };
  const total = counts.package + counts.plan;
  if (total === 0) return;
  const named = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}${n === 1 ? '' : 's'}`);
  throw new AppError(
    'VALIDATION_ERROR',
    `${named.join(' and ')} ${total === 1 ? 'has a price' : 'have prices'} below ${smallestCharge(currency)}, the smallest card payment in ${currency.toUpperCase()}. Change ${total === 1 ? 'it' : 'them'} before switching to ${currency.toUpperCase()}.`,
  );
}
