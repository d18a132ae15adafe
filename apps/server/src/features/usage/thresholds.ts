import { WEBHOOK_USAGE_THRESHOLDS } from '@parley/shared/contracts/webhooks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { organizationAlerts } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { emitWebhookEvents, webhookListeners, type WebhookListeners } from '../webhooks/index';
import { organizationTierAndUsage, periodOf, UNLIMITED } from './service';
import { USAGE_EMAIL_THRESHOLDS, USAGE_THRESHOLD_EMAIL_JOB, type UsageThresholdEmailJob } from './threshold-emails';

/**
 * What happens when this month's tokens reach a share of the tier's monthly limit, once per threshold per month across
 * every node (organization_alerts' primary key is the claim): a usage.threshold_reached webhook event when someone
 * listens, and the usage-threshold e-mail job when this process has a job queue. Both are stored in the transaction
 * that metered the tokens, so a crash loses neither and a retry claims nothing twice.
 */

interface Notice {
  kind: string;
  threshold: number;
  channel: 'email' | 'webhook';
}

const EMAIL_NOTICES: Notice[] = USAGE_EMAIL_THRESHOLDS.map((threshold) => ({ kind: `email_usage_threshold_${threshold}`, threshold, channel: 'email' }));
const WEBHOOK_NOTICES: Notice[] = WEBHOOK_USAGE_THRESHOLDS.map((threshold) => ({
  kind: `webhook_usage_threshold_${threshold}`,
  threshold,
  channel: 'webhook',
}));
/** The lowest share of the monthly limit, in percent, at which a metered use may have a notice to claim. */
export const LOWEST_THRESHOLD = Math.min(...USAGE_EMAIL_THRESHOLDS, ...WEBHOOK_USAGE_THRESHOLDS);

const isReached = (used: number, limit: number, threshold: number) => limit !== UNLIMITED && limit > 0 && used * 100 >= limit * threshold;

export interface UsageThresholdDeps {
  /** Without a queue (a process without background work) no e-mail is claimed, so a later metered use sends it. */
  jobs?: JobQueue | null;
  /** The webhook listeners the transaction already read, if it did. */
  listeners?: WebhookListeners;
  /** Where the listeners are kept between changes, when they were not read. */
  readCache?: ReadCache;
}

export interface MeteredUse {
  /** The month's tokens and the limit read before this use (the limit check), and the tokens this use metered. */
  usedBefore: number;
  limit: number;
  metered: number;
}

/**
 * After tokens were metered, in the same transaction: claims each threshold newly reached this month and stores what
 * it causes. Returns the claimed notices' kinds.
 *
 * It is on the path of every answer, so it reads as little as it can. With the figures of the limit check (`use`), an
 * organization below the lowest threshold reads nothing; otherwise the claims are read first, and the month's usage
 * is summed only when a wanted threshold is still unclaimed. Answers metered at the same time on other nodes are not in
 * `usedBefore`, so a threshold they crossed together is noticed at the next answer, which reads the sum before it.
 */
export async function noticeUsageThresholds(
  tx: Db,
  deps: UsageThresholdDeps,
  organizationId: string,
  options: { use?: MeteredUse; now?: Date } = {},
): Promise<string[]> {
  const { use, now = new Date() } = options;
  if (use && !isReached(use.usedBefore + use.metered, use.limit, LOWEST_THRESHOLD)) return [];
  const listeners = deps.listeners ?? (await webhookListeners(tx, organizationId, ['usage.threshold_reached'], deps.readCache));
  const wanted = [...(deps.jobs ? EMAIL_NOTICES : []), ...((listeners.get('usage.threshold_reached') ?? []).length > 0 ? WEBHOOK_NOTICES : [])];
  if (wanted.length === 0) return [];
  const period = periodOf(now);
  const claimedBefore = new Set(
    (
      await tx
        .select({ kind: organizationAlerts.kind })
        .from(organizationAlerts)
        .where(
          and(
            eq(organizationAlerts.organizationId, organizationId),
            eq(organizationAlerts.period, period),
            inArray(
              organizationAlerts.kind,
              wanted.map((notice) => notice.kind),
            ),
          ),
        )
    ).map((row) => row.kind),
  );
  const open = wanted.filter((notice) => !claimedBefore.has(notice.kind));
  if (open.length === 0) return [];
  const { tier, used } = await organizationTierAndUsage(tx, organizationId, now);
  const limit = tier.monthlyTokenLimit;
  const claimed: string[] = [];
  for (const notice of open) {
    if (!isReached(used, limit, notice.threshold)) continue;
    const inserted = await tx
      .insert(organizationAlerts)
      .values({ organizationId, kind: notice.kind, period })
      .onConflictDoNothing()
      .returning({ kind: organizationAlerts.kind });
    if (inserted.length === 0) continue;
    if (notice.channel === 'email') {
      const data: UsageThresholdEmailJob = { organizationId, threshold: notice.threshold as UsageThresholdEmailJob['threshold'], period, used, limit };
      await deps.jobs!.sendWithin(tx, USAGE_THRESHOLD_EMAIL_JOB, data, { singletonKey: `${organizationId}:${period}:${notice.threshold}` });
    } else {
      const data = { organizationId, threshold: notice.threshold, period, tokens: { used, limit } };
      await emitWebhookEvents(tx, [{ organizationId, type: 'usage.threshold_reached', at: now, data }], listeners);
    }
    claimed.push(notice.kind);
  }
  return claimed;
}
