import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers, organizationMembers, profiles, userNotifications, type webhookConfigs } from '../../db/schema/index';

/** Where the owners fix it: the customer's Webhooks page, or the staff's Webhook Management tab. */
export const CUSTOMER_WEBHOOKS_LINK = '/dashboard/webhooks';
export const STAFF_WEBHOOKS_LINK = '/admin/system-configuration?tab=webhooks';

/**
 * A bell notification for whoever manages a webhook the server turned off: the organization's owners and admins,
 * or, for an installation-wide webhook, the system admins. Written in the transaction that turns it off.
 */
export async function notifyWebhookDisabled(db: Db, config: typeof webhookConfigs.$inferSelect, reason: string): Promise<number> {
  const recipients =
    config.organizationId === null
      ? await db
          .select({ userId: adminUsers.userId })
          .from(adminUsers)
          .innerJoin(profiles, eq(profiles.id, adminUsers.userId))
          .where(and(eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true), eq(profiles.isActive, true)))
      : await db
          .select({ userId: organizationMembers.userId })
          .from(organizationMembers)
          .innerJoin(profiles, eq(profiles.id, organizationMembers.userId))
          .where(
            and(
              eq(organizationMembers.organizationId, config.organizationId),
              inArray(organizationMembers.role, ['owner', 'admin']),
              eq(profiles.isActive, true),
            ),
          );
  if (recipients.length === 0) return 0;
  const host = new URL(config.url).host;
  await db.insert(userNotifications).values(
    recipients.map(({ userId }) => ({
      userId,
      title: 'Webhook turned off',
      message: `The webhook “${config.name}” (${host}) was turned off and receives no more events. ${reason} Fix the endpoint, then turn the webhook on again.`,
      type: 'warning' as const,
      link: config.organizationId === null ? STAFF_WEBHOOKS_LINK : CUSTOMER_WEBHOOKS_LINK,
    })),
  );
  return recipients.length;
}
