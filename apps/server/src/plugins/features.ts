import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiter } from '../lib/rate-limiter';
import type { EmailSender } from '../providers/email/mailer';
import type { Auth } from './better-auth';

/** What the app hands every feature: the pieces of the server that are made once, before the features. */
export interface FeatureContext {
  auth: Auth;
  mailer: EmailSender;
  rateLimiter: RateLimiter;
}

/** Stops a piece of background work (a timer, a listener); the job queue's own stop ends its handlers. */
export type StopWork = () => Promise<void> | void;

/**
 * A piece of background work a feature runs: a job handler, a periodic sweep, a heartbeat. The app starts every piece
 * the same way once the server listens (`app.startWorkers()`), on the nodes that run background work (`everyNode`: on
 * api nodes too), and stops them newest first when it closes.
 */
export interface BackgroundWork {
  name: string;
  everyNode?: boolean;
  start(): Promise<StopWork | void> | StopWork | void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background work the features registered, in registration order. */
    backgroundWork: BackgroundWork[];
  }
}

/**
 * A feature's one Fastify plugin: it registers the feature's routes, background work and subscriptions. `app.ts`
 * registers the features in one list; `dependencies` names the features that must be registered first (Fastify refuses
 * to start otherwise). Features are named `feature:<folder>`.
 */
export function defineFeature<Options extends FeatureContext = FeatureContext>(
  name: string,
  register: (app: FastifyInstance, options: Options) => Promise<void>,
  dependencies: string[] = [],
) {
  return fp<Options>(async (app, options) => register(app, options), {
    name: `feature:${name}`,
    dependencies: dependencies.map((dependency) => `feature:${dependency}`),
  });
}
