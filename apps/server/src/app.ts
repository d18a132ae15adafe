import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { npmVersion as drizzleVersion } from 'drizzle-orm/version';
import { installFastSqlBuilding } from './db/fast-sql-build';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createReadCache, type ReadCache } from './db/read-cache';
import { createRetrievalCache } from './rag/retrieval-cache';
import { authFeature } from './features/auth/index';
import { accountFeature } from './features/account/index';
import { cancelDeletionOnSignIn, accountDeletionFeature } from './features/account-deletion/index';
import { dataExportsFeature } from './features/data-exports/index';
import { notificationPreferencesFeature } from './features/notification-preferences/index';
import { cspFeature } from './features/csp/index';
import { adminAuthFeature } from './features/admin-auth/index';
import { apiKeysFeature } from './features/api-keys/index';
import { openaiApiFeature } from './features/openai-api/index';
import { mcpFeature } from './features/mcp/index';
import { adminDashboardFeature } from './features/admin-dashboard/index';
import { activityLogsFeature } from './features/activity-logs/index';
import { emailOutboxFeature } from './features/email-outbox/index';
import { healthFeature } from './features/health/index';
import { adminUsersFeature } from './features/admin-users/index';
import { systemApiKeysFeature } from './features/system-api-keys/index';
import { systemConfigurationFeature } from './features/system-configuration/index';
import { aiActionsFeature } from './features/ai-actions/index';
import { n8nFeature } from './features/n8n/index';
import { behaviorTemplatesFeature } from './features/behavior-templates/index';
import { chatbotTemplatesFeature } from './features/chatbot-templates/index';
import { pricingFaqsFeature } from './features/pricing-faqs/index';
import { pricingPlansFeature } from './features/pricing-plans/index';
import { publicPricingFeature } from './features/public-pricing/index';
import { landingFeature } from './features/landing/index';
import { tierLimitsFeature } from './features/tier-limits/index';
import { createTokenMeter } from './services/token-meter';
import { ChatTurnEvents } from './services/chat-turns';
import { tokenConversionFeature } from './features/token-conversion/index';
import { tokenPackagesFeature } from './features/token-packages/index';
import { seedStarterCatalogue } from './features/starter-catalogue/index';
import { handoffsFeature } from './features/handoffs/index';
import { chatFeature } from './features/chat/index';
import { chatbotCounts, recentConversationCount, chatbotsFeature } from './features/chatbots/index';
import { chatbotActionsFeature } from './features/chatbot-actions/index';
import { knowledgeSourcesFeature } from './features/knowledge-sources/index';
import { retrievalTestingFeature } from './features/retrieval-testing/index';
import { evaluationsFeature } from './features/evaluations/index';
import { notificationsFeature } from './features/notifications/index';
import { organizationsFeature } from './features/organizations/index';
import { usageFeature } from './features/usage/index';
import { analyticsFeature } from './features/analytics/index';
import { usersFeature } from './features/users/index';
import { widgetFeature } from './features/widget/index';
import { webhooksFeature } from './features/webhooks/index';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { apiUsagePlugin, createApiUsageRecorder, withRefusalRecording, startApiUsageRetention } from './features/api-usage/index';
import { startEmbeddedMaintenance } from './db/maintenance';
import { launchMaterialsFeature } from './features/launch-materials/index';
import { referralsFeature } from './features/referrals/index';
import { billingFeature } from './features/billing/index';
import { routeInventoryPlugin, securityAuditFeature } from './features/security-audit/index';
import { securityMonitoringFeature } from './features/security-monitoring/index';
import { billingReportTime, revenueLast30Days, billingAdminFeature } from './features/billing-admin/index';
import { createRealtime, type Realtime } from './lib/realtime';
import { accessPlugin } from './plugins/access';
import { createAuth } from './plugins/better-auth';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { sameOriginPlugin } from './plugins/same-origin';
import { storableTextPlugin } from './plugins/storable-text';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { AppError } from './lib/app-error';
import { createMailer, startEmailWorker } from './providers/email/mailer';
import { type BackgroundWork, type FeatureContext } from './plugins/features';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Set when the process is shutting down: responses ask clients to reconnect elsewhere. */
    draining: boolean;
    /** The durable job queue, when this process runs background work. */
    jobs: JobQueue | null;
    /** Starts the workers and the periodic work (once; nothing without a job queue): see BuildAppOptions.startBackgroundWork. */
    startWorkers: () => Promise<void>;
    /** Fan-out of small events to every server process (handoff messages, inbox changes). */
    realtime: Realtime;
    /** What every chat turn reads and almost never changes, in memory until a node changes it (db/read-cache.ts). */
    readCache: ReadCache;
    /** The passages of questions asked before, until the chatbot's knowledge changes on any node (rag/retrieval-cache.ts). */
    retrievalCache: ReadCache;
  }
}

export interface BuildAppOptions {
  /** An already opened database (tests share one); otherwise opened from config and closed with the app. */
  database?: Database;
  /** Pino options; tests pass `false` for silence. */
  logger?: boolean | object;
  /**
   * The job queue, its workers and the periodic work of a running server (health probes, sweeps); off in most tests.
   * `'after-listen'` starts the queue but leaves the workers to `app.startWorkers()`, which main.ts calls once the
   * server listens, so a start is healthy sooner (decisions/0028-start-up.md).
   */
  startBackgroundWork?: boolean | 'after-listen';
  /** The dependency audit recorded at build time (default: apps/server/dist/npm-audit.json); tests pass their own. */
  npmAuditFile?: string;
  /** The migrated data directory a new embedded database starts as a copy of (default: the build's); tests pass theirs. */
  pgliteTemplate?: string;
}

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
/** The dependency audit the production build records (apps/server/build.mjs), from src/ and from dist/ alike. */
const defaultNpmAuditFile = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'npm-audit.json');

/** The Fastify application, used by main.ts and by the tests. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger ??
      ({
        level: config.logLevel,
        redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
      } as object),
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env !== 'production' }));
  // Statement text built without drizzle's repeated class checks; outside production every statement is checked against drizzle's own.
  installFastSqlBuilding({ verify: config.env !== 'production' }, drizzleVersion);
  app.decorate('config', config);
  app.decorate('draining', false);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (app.draining) reply.header('connection', 'close');
  });

  if (config.role === 'worker') {
    // A worker-only node answers its health check (for the orchestrator) and nothing else.
    app.addHook('onRequest', async (request) => {
      if (request.url !== '/api/health' && !request.url.startsWith('/api/health?')) {
        throw new AppError('NOT_FOUND', 'This node runs background jobs only (PARLEY_ROLE=worker); send requests to an api node.');
      }
    });
  }

  const ownsDatabase = !options.database;
  // How long each start-up phase took, logged once the application is built.
  const startUp: Record<string, number> = {};
  let phaseStart = performance.now();
  const phaseDone = (name: string) => {
    const now = performance.now();
    startUp[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteTemplate: options.pgliteTemplate,
      onWarning: (message) => app.log.warn(message),
      onInfo: (message) => app.log.info(message),
    }));

  phaseDone('database');
  // A new installation's first start creates the starter catalogue, once across every node
  // (decisions/0037-starter-catalogue.md); later starts read one row.
  if (config.seedCatalogue) {
    await seedStarterCatalogue(database.db, app.log);
    phaseDone('starter catalogue');
  }

  // Every API request and every rate-limit refusal is recorded (features/api-usage), buffered and written in batches.
  const apiUsage = createApiUsageRecorder(database.db, app.log);
  const rateLimiter: RateLimiter = withRefusalRecording(config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(), apiUsage);
  app.addHook('onClose', async () => rateLimiter.close());
  const realtime = createRealtime({ redisUrl: config.redisUrl, postgresUrl: database.url, onError: (message) => app.log.warn(message) });
  app.decorate('realtime', realtime);
  app.addHook('onClose', async () => realtime.close());

  await app.register(errorsPlugin);
  // Before every contract: text PostgreSQL cannot store (NUL, a lone surrogate) is a 400 naming the field.
  await app.register(storableTextPlugin);
  await app.register(databasePlugin, { database, closeOnShutdown: ownsDatabase });
  // One per app (tests run several in a process); its hook is added after the database's, so it stops listening first.
  const readCache = await createReadCache(database, { onWarning: (message) => app.log.warn(message) });
  app.decorate('readCache', readCache);
  app.addHook('onClose', async () => readCache.close());
  const retrievalCache = await createRetrievalCache(database, { onWarning: (message) => app.log.warn(message) });
  app.decorate('retrievalCache', retrievalCache);
  app.addHook('onClose', async () => retrievalCache.close());
  // Who follows chat turns (usage, webhooks, the request log, analytics): each subscribes as its plugin registers.
  app.decorate('chatTurns', new ChatTurnEvents());
  // After the database (their last writes happen before it closes) and before the guard (the audit sees every route).
  await app.register(apiUsagePlugin, { recorder: apiUsage, ownOrigins: config.trustedOrigins });
  // The background work of this process: the app's own here, each feature's added as it registers (startWorkers).
  app.decorate('backgroundWork', [] as BackgroundWork[]);
  app.backgroundWork.push({ name: 'api usage retention', start: () => startApiUsageRetention(app) });
  app.backgroundWork.push({ name: 'embedded database maintenance', start: () => startEmbeddedMaintenance(database, app.log) });
  await app.register(routeInventoryPlugin);
  // One cache of the token conversion rules per process, dropped on every save through realtime.
  app.decorate('tokenMeter', createTokenMeter({ db: database.db, realtime, log: app.log }));
  app.addHook('onClose', async () => app.tokenMeter.close());
  // E-mail is sent by the e-mail job once this process has its queue (below); until then, and without one, at once.
  const mailer = createMailer(config, database.db, app.log, { queue: () => app.jobs ?? null });
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    log: app.log,
    afterSignIn: (user, session) => cancelDeletionOnSignIn({ db: database.db, mailer }, user, session),
  });
  // Before the session is read: a state-changing request to a cookie route from another site is refused.
  await app.register(sameOriginPlugin);
  await app.register(accessPlugin, { auth });
  await app.register(securityHeadersPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Parley API', version: '0.1.0', description: 'The Parley server API. Sign-in routes are Better Auth under /api/auth.' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  // One file per upload; the service checks max_document_size_mb from the system configuration.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 1, fields: 5 } });
  app.backgroundWork.push({ name: 'e-mail', start: () => (app.jobs ? startEmailWorker(app.jobs, mailer, app.log) : undefined) });
  const context: FeatureContext = { auth, mailer, rateLimiter };
  // Every feature's routes and background work, in this order (a feature's declared dependencies come first: Fastify
  // refuses to start otherwise). The three with options of their own get what other features provide.
  const features = [
    authFeature,
    healthFeature,
    accountFeature,
    notificationPreferencesFeature,
    // Before the features that use its context (account deletion, organizations, billing admin).
    billingFeature,
    accountDeletionFeature,
    dataExportsFeature,
    cspFeature,
    adminAuthFeature,
    adminUsersFeature,
    systemConfigurationFeature,
    systemApiKeysFeature,
  ];
  for (const feature of features) await app.register(feature, context);
  await app.register(usersFeature, { ...context, countChatbots: async () => (await chatbotCounts(database.db)).total });
  await app.register(notificationsFeature, context);
  await app.register(adminDashboardFeature, {
    ...context,
    statsSources: {
      chatbots: () => chatbotCounts(database.db, { live: true }),
      revenue: async () => revenueLast30Days(database.db, await billingReportTime(database.db, config)),
      conversations: () => recentConversationCount(database.db),
    },
  });
  const moreFeatures = [
    activityLogsFeature,
    emailOutboxFeature,
    chatbotsFeature,
    chatbotActionsFeature,
    knowledgeSourcesFeature,
    retrievalTestingFeature,
    evaluationsFeature,
    chatFeature,
    widgetFeature,
    usageFeature,
    analyticsFeature,
    apiKeysFeature,
    organizationsFeature,
    openaiApiFeature,
    mcpFeature,
    handoffsFeature,
    aiActionsFeature,
    n8nFeature,
    webhooksFeature,
    behaviorTemplatesFeature,
    chatbotTemplatesFeature,
    tokenPackagesFeature,
    tokenConversionFeature,
    tierLimitsFeature,
    pricingPlansFeature,
    pricingFaqsFeature,
    publicPricingFeature,
    landingFeature,
    securityMonitoringFeature,
    billingAdminFeature,
  ];
  for (const feature of moreFeatures) await app.register(feature, context);
  await app.register(securityAuditFeature, { ...context, npmAuditFile: options.npmAuditFile ?? defaultNpmAuditFile() });
  for (const feature of [referralsFeature, launchMaterialsFeature]) await app.register(feature, context);
  phaseDone('routes');
  app.decorate('jobs', null);
  // Stops what startWorkers started, newest first; registered now because Fastify takes no hook once it listens.
  const stopWorkers: (() => Promise<void> | void)[] = [];
  let workersStarted = false;
  const startWorkers = async () => {
    if (!app.jobs || workersStarted) return;
    workersStarted = true;
    const started = performance.now();
    // An api node enqueues jobs; worker nodes (and a node doing both) run them and the periodic work. Every piece is
    // started the same way and stopped, newest first, when the app closes.
    for (const work of app.backgroundWork) {
      if (config.role === 'api' && !work.everyNode) continue;
      const stop = await work.start();
      if (stop) stopWorkers.push(stop);
    }
    app.log.info({ workersMs: Math.round(performance.now() - started) }, 'background work started');
  };
  app.decorate('startWorkers', startWorkers);
  if (options.startBackgroundWork) {
    // The queue is there before the first request (routes enqueue); its workers and the periodic work start now
    // or, from main.ts, once the server listens (decisions/0028-start-up.md).
    app.jobs = await startJobQueue(database, app.log, { leaseSeconds: config.jobLeaseSeconds });
    app.addHook('onClose', async () => app.jobs?.stop());
    app.addHook('onClose', async () => {
      for (const stop of stopWorkers.reverse()) await stop();
    });
    phaseDone('job queue');
    if (options.startBackgroundWork === true) {
      await startWorkers();
      phaseDone('workers');
    }
  }
  await app.register(webAppPlugin, { distDir: config.webDistDir ?? defaultWebDist() });
  phaseDone('web app');
  // Where start-up time goes (docs/performance.md "Start-up"); process start to here is `uptime` in the line.
  app.log.info({ startUpMs: startUp, processUptimeMs: Math.round(process.uptime() * 1000) }, 'application built');

  return app;
}
