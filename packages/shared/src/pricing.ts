import { UNLIMITED } from './constants';

/**
 * The arithmetic and display rules of prices and token amounts (spec part 2 §5, §9), shared by the admin
 * screens and the public pricing page. Money is integer cents; what a person types is dollars.
 */

/** Spec §5 "numbers are parsed as integers with 0 as fallback": "12" → 12, "12.9" → 12, "", "abc" → 0. */
export function parseIntegerOr0(value: string | number): number {
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Dollars as typed ("9.99", "$1,200", "29") to integer cents; what is not a number is 0. Rounded to the nearest
 * cent so that binary fractions (0.29 × 100 = 28.999…) land on the cent the person meant.
 */
export function dollarsToCents(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.replace(/[$,\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return 0;
  // 1.005 × 100 is 100.49999… in binary: the float noise is rounded off before the cent is.
  return Math.round(Number((Number(text) * 100).toPrecision(12)));
}

/** Cents as an input's dollar text: 999 → "9.99", 2900 → "29.00". */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts in cents shown in USD (spec §9): 2900 → "$29", 999 → "$9.99". */
export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);
}

/** Spec §9: price per token = cents / tokens / 100, in dollars; a package of no tokens costs nothing per token. */
export function pricePerToken(priceCents: number, tokens: number): number {
  return tokens > 0 ? priceCents / tokens / 100 : 0;
}

/** "$0.00999" — enough significant digits that small per-token prices do not read as $0.00. */
export function formatPricePerToken(priceCents: number, tokens: number): string {
  const dollars = pricePerToken(priceCents, tokens);
  if (dollars === 0) return '$0';
  return `$${Number(dollars.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 10 })}`;
}

/** The price of 1,000 tokens in a package, in dollars ("$9.99"), as the public page compares packages. */
export function formatPricePerThousandTokens(priceCents: number, tokens: number): string {
  const dollars = pricePerToken(priceCents, tokens) * 1000;
  if (dollars === 0) return '$0';
  if (dollars >= 0.01) return usdCents.format(Math.round(dollars * 100) / 100);
  return formatPricePerToken(priceCents * 1000, tokens);
}

function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/**
 * Large numbers with K and M (spec §9): 950 → "950", 1000 → "1K", 1500 → "1.5K", 2500000 → "2.5M",
 * 999999 → "1M"; -1 (unlimited) → "Unlimited".
 */
export function formatTokenAmount(value: number): string {
  if (value === UNLIMITED) return 'Unlimited';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${trimmed(abs, 2)}`;
  const thousands = Number((abs / 1000).toFixed(2));
  if (thousands < 1000) return `${sign}${trimmed(thousands, 2)}K`;
  return `${sign}${trimmed(abs / 1_000_000, 2)}M`;
}

const grouped = new Intl.NumberFormat('en-US');

/** A limit as a plan's feature line shows it: 100000 → "100,000"; -1 → "Unlimited". */
export function formatLimit(value: number): string {
  return value === UNLIMITED ? 'Unlimited' : grouped.format(value);
}

/**
 * How much cheaper a year is than twelve months, in whole percent; null when it is not cheaper, or when there is no
 * annual price (0 on a paid plan: sold monthly only).
 */
export function annualSavingsPercent(priceMonthlyCents: number, priceAnnualCents: number): number | null {
  const twelveMonths = priceMonthlyCents * 12;
  if (twelveMonths <= 0 || priceAnnualCents <= 0 || priceAnnualCents >= twelveMonths) return null;
  return Math.round((1 - priceAnnualCents / twelveMonths) * 100);
}
