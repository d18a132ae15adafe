import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { billingEvents } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import type { SandboxEventSink } from '../../providers/payments/sandbox/events';
import type { PaymentProvider, ProviderName } from '../../providers/payments/types';

export type ProcessedBillingEvent = typeof billingEvents.$inferSelect;
export type BillingEventListener = (event: ProcessedBillingEvent) => Promise<void> | void;

/**
 * What billing needs of the running app, one per app (tests run several apps in one process, each on its own
 * database): made by the billing feature's plugin (payments.ts, createBillingContext) and decorated on the instance as
 * `app.billing`. Functions that reach the payment provider, the job queue or the event listeners take it instead of
 * (db, config).
 */
export interface BillingContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * The app's job queue, read at each use: the app starts it after the features registered, and not at all without
   * background work (null then). Billing events store their follow-up jobs (a replaced subscription's cancellation) in
   * their own transaction through it.
   */
  jobs: () => JobQueue | null;
  /**
   * Runs `listener` after every billing event was recorded (processed or failed), outside the event's transaction: the
   * customer's e-mails and the admin's alerts. Returns the function that removes the listener.
   */
  onEventProcessed(listener: BillingEventListener): () => void;
  /** Runs every listener; one that throws does not stop the others or undo the event: its error is returned to log. */
  notifyEventProcessed(event: ProcessedBillingEvent): Promise<unknown[]>;
  /** Where the sandbox delivers the events it emits: this app's webhook handler, logging to `log` (the app's by default). */
  sandboxSink(log?: FastifyBaseLogger): SandboxEventSink;
  /** The provider in use now (providers/payments/provider.ts, getPaymentProvider). */
  paymentProvider(log?: FastifyBaseLogger): Promise<PaymentProvider>;
  /** The provider a subscription already runs at, for cancelling it (providers/payments/provider.ts, providerNamed). */
  providerNamed(name: ProviderName, log?: FastifyBaseLogger): Promise<PaymentProvider>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing feature's context (features/billing/context.ts), set when the billing feature registers. */
    billing: BillingContext;
  }
}

/** The listeners of one app's billing events: notify runs each in turn and collects what they threw. */
export function billingEventListeners(): Pick<BillingContext, 'onEventProcessed' | 'notifyEventProcessed'> {
  const listeners = new Set<BillingEventListener>();
  return {
    onEventProcessed(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async notifyEventProcessed(event) {
      const errors: unknown[] = [];
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          errors.push(error);
        }
      }
      return errors;
    },
  };
}
