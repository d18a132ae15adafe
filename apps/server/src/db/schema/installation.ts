import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time steps of an installation's life, one row each (decisions/0037-starter-catalogue.md). A step is claimed by
 * inserting its row in the same transaction as its work: the primary key lets exactly one server process do it, even
 * when several start at once, and the row stays, so the step never runs again (a deleted item is not re-created).
 */
export const installationSteps = pgTable('installation_steps', {
  step: text('step').primaryKey(),
  /** What the step did ("created", or why it created nothing). */
  outcome: text('outcome').notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
