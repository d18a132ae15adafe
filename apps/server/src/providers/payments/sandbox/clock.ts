import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxClock } from '../../../db/schema/index';

type Reader = Pick<Db, 'select' | 'insert'>;

/** The sandbox's time: real time plus the clock's offset (tests and the admin side move it forward). */
export async function sandboxNow(db: Reader): Promise<Date> {
  const [row] = await db.select({ offset: sandboxClock.offsetSeconds }).from(sandboxClock).where(eq(sandboxClock.id, 1));
  if (!row) await db.insert(sandboxClock).values({ id: 1 }).onConflictDoNothing();
  return new Date(Date.now() + (row?.offset ?? 0) * 1000);
}

/** The clock as the admin sees it: the sandbox's time and its offset from real time in seconds. */
export async function sandboxClockState(db: Reader): Promise<{ now: Date; offsetSeconds: number }> {
  const [row] = await db.select({ offset: sandboxClock.offsetSeconds }).from(sandboxClock).where(eq(sandboxClock.id, 1));
  const offsetSeconds = row?.offset ?? 0;
  return { now: new Date(Date.now() + offsetSeconds * 1000), offsetSeconds };
}

/** Moves the sandbox clock forward; renewals that became due run with the next runSandboxRenewals. */
export async function advanceSandboxClock(db: Db, seconds: number): Promise<{ now: Date; offsetSeconds: number }> {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new Error('The clock moves forward by a whole number of seconds.');
  await db.insert(sandboxClock).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db
    .update(sandboxClock)
    .set({ offsetSeconds: sql`least(${sandboxClock.offsetSeconds} + ${seconds}, 2000000000)`, updatedAt: new Date() })
    .where(eq(sandboxClock.id, 1))
    .returning({ offset: sandboxClock.offsetSeconds });
  const offsetSeconds = row?.offset ?? 0;
  return { now: new Date(Date.now() + offsetSeconds * 1000), offsetSeconds };
}

/**
 * Puts the sandbox clock back to real time (offset 0). Nothing recorded is undone: invoices, renewals and
 * cancellations made while the clock was ahead keep the sandbox dates they happened at; the admin's billing figures
 * are read at the clock (billingReportTime), so what is dated after it counts once real time reaches that date, and
 * a subscription renewed ahead renews next when real time reaches the end of its period.
 */
export async function resetSandboxClock(db: Db): Promise<{ now: Date; offsetSeconds: number; previousOffsetSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.insert(sandboxClock).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select({ offset: sandboxClock.offsetSeconds }).from(sandboxClock).where(eq(sandboxClock.id, 1)).for('update');
    await tx.update(sandboxClock).set({ offsetSeconds: 0, updatedAt: new Date() }).where(eq(sandboxClock.id, 1));
    return { now: new Date(), offsetSeconds: 0, previousOffsetSeconds: before?.offset ?? 0 };
  });
}
