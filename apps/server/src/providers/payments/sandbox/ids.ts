import { randomBytes } from 'node:crypto';

/** Stripe-like ids: cs_sandbox_…, sub_sandbox_…, in_sandbox_…, evt_sandbox_…, cus_sandbox_…. */
export const sandboxId = (prefix: 'cs' | 'sub' | 'in' | 'evt' | 'cus' | 'pi' | 'si') => `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;

let last = 0;
/** A strictly increasing time in this process, so events emitted in one transaction keep their order. */
export function monotonicNow(): Date {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
}

export const unix = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

export function addInterval(date: Date, interval: 'month' | 'year', count = 1): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}
