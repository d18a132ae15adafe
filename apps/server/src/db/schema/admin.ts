import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Staff: a user is an admin while an active row exists here (spec part 1 §3, §6). */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['system_admin', 'developer', 'support', 'template_manager'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_users_user_id_unique').on(t.userId)],
);

/** Written by the server in the same transaction as each admin action. */
export const adminActivityLogs = pgTable(
  'admin_activity_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_activity_logs_created_at_idx').on(t.createdAt),
    // The activity log's filters by admin and by action, newest first.
    index('admin_activity_logs_admin_created_idx').on(t.adminUserId, t.createdAt),
    index('admin_activity_logs_action_created_idx').on(t.action, t.createdAt),
  ],
);

export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: ['info', 'warning', 'urgent'] })
      .notNull()
      .default('info'),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notifications_user_idx').on(t.userId, t.createdAt)],
);

/** One row per health probe (every 30 s per node): uptime and the health page read these. */
export const healthProbes = pgTable(
  'health_probes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    node: text('node').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    responseTimeMs: doublePrecision('response_time_ms').notNull(),
    isHealthy: boolean('is_healthy').notNull(),
    error: text('error'),
  },
  (t) => [index('health_probes_checked_at_idx').on(t.checkedAt)],
);

/**
 * The server processes of a PostgreSQL installation, each writing its row when it starts and every 15 s after
 * (decisions/0006-health-and-system-health.md): System Health counts the nodes seen lately and says when none runs the background work.
 * A node that stops cleanly deletes its row; one that dies stops being seen.
 */
export const serverNodes = pgTable(
  'server_nodes',
  {
    id: uuid('id').primaryKey(),
    role: text('role').notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_nodes_last_seen_at_idx').on(t.lastSeenAt)],
);
