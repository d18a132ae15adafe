import type { Db } from '../../db/client';
import type { billingEvents } from '../../db/schema/index';

export type ProcessedBillingEvent = typeof billingEvents.$inferSelect;
export type BillingEventListener = (db: Db, event: ProcessedBillingEvent) => Promise<void> | void;

const listeners = new Set<BillingEventListener>();

/**
 * Runs `listener` after every billing event was recorded (processed or failed), outside the event's transaction.
 * The admin side evaluates its alerts here. Returns the function that removes the listener.
 */
export function onBillingEventProcessed(listener: BillingEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the webhook handler; a listener that throws is logged by the caller and does not undo the event. */
export async function notifyBillingEventProcessed(db: Db, event: ProcessedBillingEvent): Promise<unknown[]> {
  const errors: unknown[] = [];
  for (const listener of listeners) {
    try {
      await listener(db, event);
    } catch (error) {
      errors.push(error);
    }
  }
  return errors;
}
