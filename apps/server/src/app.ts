import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createReadCache, type ReadCache } from './db/read-cache';
import { authRoutes, authBridgePlugin } from './features/auth/index';
import { accountRoutes, sessionActivityPlugin } from './features/account/index';
import { accountDeletionRoutes, startAccountDeletionWorker, cancelDeletionOnSignIn } from './features/account-deletion/index';
import { dataExportRoutes, startDataExportWorker } from './features/data-exports/index';
import { notificationPreferenceRoutes } from './features/notification-preferences/index';
import { cspRoutes } from './features/csp/index';
import { adminAuthRoutes } from './features/admin-auth/index';
import { apiKeyRoutes } from './features/api-keys/index';
import { openAiApiRoutes } from './features/openai-api/index';
import { adminDashboardRoutes } from './features/admin-dashboard/index';
import { activityLogRoutes } from './features/activity-logs/index';
import { emailOutboxRoutes } from './features/email-outbox/index';
import { startNodeHeartbeat, startHealthProber, healthRoutes } from './features/health/index';
import { adminUserRoutes } from './features/admin-users/index';
import { systemApiKeyRoutes } from './features/system-api-keys/index';
import { systemConfigurationRoutes } from './features/system-configuration/index';
import { aiActionRoutes } from './features/ai-actions/index';
import { n8nRoutes } from './features/n8n/index';
import { behaviorTemplateRoutes } from './features/behavior-templates/index';
import { chatbotTemplateRoutes } from './features/chatbot-templates/index';
import { pricingFaqRoutes } from './features/pricing-faqs/index';
import { pricingPlanRoutes } from './features/pricing-plans/index';
import { publicPricingRoutes } from './features/public-pricing/index';
import { landingRoutes } from './features/landing/index';
import { tierLimitRoutes } from './features/tier-limits/index';
import { createTokenMeter } from './services/token-meter';
import { tokenConversionRoutes } from './features/token-conversion/index';
import { tokenPackageRoutes } from './features/token-packages/index';
import { seedStarterCatalogue } from './features/starter-catalogue/index';
import { startHandoffAlertWorker, publicHandoffRoutes, handoffRoutes } from './features/handoffs/index';
import { chatRoutes } from './features/chat/index';
import { chatbotRoutes, chatbotCounts, recentConversationCount } from './features/chatbots/index';
import { knowledgeSourceRoutes, startIngestionWorker } from './features/knowledge-sources/index';
import { retrievalTestingRoutes } from './features/retrieval-testing/index';
import { evaluationRoutes, startEvaluationWorker } from './features/evaluations/index';
import { notificationRoutes, startStaffMessageEmailWorker } from './features/notifications/index';
import { organizationRoutes } from './features/organizations/index';
import { usageRoutes, startUsageThresholdEmailWorker } from './features/usage/index';
import { backfillChatStatsIfEmpty, analyticsRoutes, startAnalyticsExportWorker, startAnalyticsScheduler } from './features/analytics/index';
import { userRoutes } from './features/users/index';
import { widgetRoutes } from './features/widget/index';
import { webhookRoutes, startWebhookDeliveryWorker } from './features/webhooks/index';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { apiUsagePlugin, createApiUsageRecorder, withRefusalRecording, startApiUsageRetention } from './features/api-usage/index';
import { startEmbeddedMaintenance } from './db/maintenance';
import { launchMaterialsRoutes } from './features/launch-materials/index';
import { referralRoutes } from './features/referrals/index';
import { billingRoutes, billingWebhookRoutes, startSandboxRenewalWorker, useBillingJobQueue, startReplacedSubscriptionWorker } from './features/billing/index';
import { routeInventoryPlugin, securityAuditRoutes } from './features/security-audit/index';
import { securityMonitoringRoutes } from './features/security-monitoring/index';
import { billingReportTime, revenueLast30Days, billingAdminRoutes } from './features/billing-admin/index';
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
  // After the database (their last writes happen before it closes) and before the guard (the audit sees every route).
  await app.register(apiUsagePlugin, { recorder: apiUsage, ownOrigins: config.trustedOrigins });
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
  await app.register(authBridgePlugin, { auth, rateLimiter, mailer });
  await app.register(healthRoutes, { rateLimiter });
  await app.register(authRoutes, { auth, rateLimiter });
  await app.register(sessionActivityPlugin);
  await app.register(accountRoutes, { auth });
  await app.register(notificationPreferenceRoutes);
  await app.register(accountDeletionRoutes, { auth, mailer });
  await app.register(dataExportRoutes, { rateLimiter });
  await app.register(cspRoutes, { rateLimiter });
  await app.register(adminAuthRoutes, { auth });
  await app.register(adminUserRoutes);
  // Before every feature that reads the system configuration: it starts the per-process cached copy.
  await app.register(systemConfigurationRoutes, { rateLimiter });
  await app.register(systemApiKeyRoutes);
  await app.register(userRoutes, { countChatbots: async () => (await chatbotCounts(database.db)).total });
  await app.register(notificationRoutes);
  await app.register(adminDashboardRoutes, {
    rateLimiter,
    statsSources: {
      chatbots: () => chatbotCounts(database.db, { live: true }),
      revenue: async () => revenueLast30Days(database.db, await billingReportTime(database.db, config)),
      conversations: () => recentConversationCount(database.db),
    },
  });
  await app.register(activityLogRoutes);
  await app.register(emailOutboxRoutes, { mailer });
  await app.register(chatbotRoutes);
  await app.register(knowledgeSourceRoutes);
  await app.register(retrievalTestingRoutes);
  await app.register(evaluationRoutes);
  await app.register(chatRoutes, { rateLimiter });
  await app.register(widgetRoutes);
  await app.register(usageRoutes);
  await app.register(analyticsRoutes, { mailer });
  await app.register(apiKeyRoutes);
  await app.register(organizationRoutes, { mailer, rateLimiter });
  await app.register(openAiApiRoutes, { rateLimiter });
  await app.register(handoffRoutes);
  await app.register(publicHandoffRoutes, { rateLimiter });
  await app.register(aiActionRoutes, { rateLimiter });
  await app.register(n8nRoutes, { rateLimiter });
  await app.register(webhookRoutes, { rateLimiter });
  await app.register(behaviorTemplateRoutes);
  await app.register(chatbotTemplateRoutes);
  await app.register(tokenPackageRoutes);
  await app.register(tokenConversionRoutes);
  await app.register(tierLimitRoutes);
  await app.register(pricingPlanRoutes);
  await app.register(pricingFaqRoutes);
  await app.register(publicPricingRoutes);
  await app.register(landingRoutes);
  await app.register(securityMonitoringRoutes);
  await app.register(billingAdminRoutes);
  await app.register(securityAuditRoutes, { rateLimiter, npmAuditFile: options.npmAuditFile ?? defaultNpmAuditFile() });
  await app.register(referralRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(billingRoutes, { mailer });
  await app.register(launchMaterialsRoutes);
  phaseDone('routes');
  app.decorate('jobs', null);
  // Stops what startWorkers started, newest first; registered now because Fastify takes no hook once it listens.
  const stopWorkers: (() => Promise<void> | void)[] = [];
  let workersStarted = false;
  const startWorkers = async () => {
    if (!app.jobs || workersStarted) return;
    workersStarted = true;
    const jobs = app.jobs;
    const started = performance.now();
    // Every node of a PostgreSQL installation says it is alive, so System Health can count them (decisions/0006-health-and-system-health.md).
    if (database.driver === 'postgres') stopWorkers.push(await startNodeHeartbeat(app));
    // An api node enqueues jobs; worker nodes (and a node doing both) run them and the periodic work.
    if (config.role !== 'api') {
      stopWorkers.push(startHealthProber(app));
      await startIngestionWorker(app);
      await startEvaluationWorker(app);
      await startEmailWorker(jobs, mailer, app.log);
      await startAnalyticsExportWorker(app, mailer);
      stopWorkers.push(startAnalyticsScheduler(app, mailer));
      await startHandoffAlertWorker(app, mailer);
      await startUsageThresholdEmailWorker(app, mailer);
      await startStaffMessageEmailWorker(app, mailer);
      stopWorkers.push(await startDataExportWorker(app));
      stopWorkers.push(await startAccountDeletionWorker(app, mailer));
      stopWorkers.push(startWebhookDeliveryWorker(app));
      stopWorkers.push(startApiUsageRetention(app));
      stopWorkers.push(startEmbeddedMaintenance(database, app.log));
      stopWorkers.push(await startSandboxRenewalWorker(app));
      await startReplacedSubscriptionWorker(app);
      // An installation upgraded from before the analytics rollups gets them computed once.
      if (await backfillChatStatsIfEmpty(database.db)) app.log.info('analytics rollups computed from the stored conversations');
    }
    app.log.info({ workersMs: Math.round(performance.now() - started) }, 'background work started');
  };
  app.decorate('startWorkers', startWorkers);
  if (options.startBackgroundWork) {
    // The queue is there before the first request (routes enqueue); its workers and the periodic work start now
    // or, from main.ts, once the server listens (decisions/0028-start-up.md).
    app.jobs = await startJobQueue(database, app.log, { leaseSeconds: config.jobLeaseSeconds });
    app.addHook('onClose', async () => app.jobs?.stop());
    // Billing events store their follow-up jobs (a replaced subscription's cancellation) in their own transaction.
    const stopBillingJobs = useBillingJobQueue(database.db, app.jobs);
    app.addHook('onClose', async () => stopBillingJobs());
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
