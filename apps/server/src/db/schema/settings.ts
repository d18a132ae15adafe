import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** Bytes kept in the database, so every node can serve them (avatars, export archives). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A user's avatar image, served at /api/avatars/<user id> with an ETag. */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** A hash of the content: the ETag, and the `v` of the avatar URL (so a new image is a new URL). */
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which optional e-mails a user gets; no row means every kind is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handoffWaiting: boolean('handoff_waiting').notNull().default(true),
  usageThresholds: boolean('usage_thresholds').notNull().default(true),
  billing: boolean('billing').notNull().default(true),
  productMessages: boolean('product_messages').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An organization's data as a ZIP archive, built by a durable job; the bytes are in data_export_parts. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default(''),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes'),
    partCount: integer('part_count').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Finished archives are deleted after this (DATA_EXPORT_RETENTION_DAYS). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_org_idx').on(t.organizationId, t.createdAt), index('data_exports_expires_idx').on(t.expiresAt)],
);

/** The archive's bytes in order, a few MB a row, so a large archive is written and read a part at a time. */
export const dataExportParts = pgTable(
  'data_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.part] })],
);

export const ACCOUNT_DELETION_STATUSES = ['scheduled', 'cancelled', 'completed'] as const;

export interface AccountDeletionSummary {
  deletedOrganizations?: { id: string; name: string; chatbots: number; conversations: number }[];
  leftOrganizations?: string[];
  cancelReason?: string;
}

/** A user's request to delete their account: carried out after the grace period, cancelled by signing in. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the user is deleted: the row stays as the record of it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: ACCOUNT_DELETION_STATUSES }).notNull().default('scheduled'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    summary: jsonb('summary').$type<AccountDeletionSummary>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('account_deletions_one_scheduled_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'scheduled'`),
    index('account_deletions_due_idx').on(t.status, t.scheduledFor),
  ],
);
