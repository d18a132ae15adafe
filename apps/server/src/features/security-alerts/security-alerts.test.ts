import { CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import type { SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { adminActivityLogs, profiles, securityAlerts, userNotifications } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, signIn, testConfig, uniqueEmail, type TestContext } from '../../test/harness';
import { ALERT_THRESHOLDS } from '../../services/security-alerts';

const BURST = ALERT_THRESHOLDS.failedSignIns.count;

async function alertsOf(c: TestContext, kind: SecurityAlert['kind'], subject: string) {
  return c.database.db
    .select()
    .from(securityAlerts)
    .where(and(eq(securityAlerts.kind, kind), eq(securityAlerts.subject, subject)));
}

async function bellFor(c: TestContext, userId: string) {
  return c.database.db.select().from(userNotifications).where(eq(userNotifications.userId, userId));
}

describeEachDatabase('security alerts', (ctx) => {
  it('a burst of failed sign-ins from one IP raises one alert and one bell notification per system admin; a second burst within the hour does not', async () => {
    const c = ctx();
    const [first, second] = [await createAdmin(c, 'system_admin'), await createAdmin(c, 'system_admin')];
    const support = await createAdmin(c, 'support');
    const ip = '203.0.113.77';
    for (let i = 0; i < BURST - 1; i += 1) await signIn(c.app, uniqueEmail('stuffing'), 'not the password', ip);
    expect(await alertsOf(c, 'failed_signin_ip', ip)).toHaveLength(0);
    await signIn(c.app, uniqueEmail('stuffing'), 'not the password', ip);

    const [alert] = await alertsOf(c, 'failed_signin_ip', ip);
    expect(alert).toMatchObject({ severity: 'high', count: 1, title: `Failed sign-in burst from ${ip}`, resolvedAt: null });
    for (const admin of [first, second]) {
      const bell = await bellFor(c, admin.userId);
      expect(bell.filter((n) => n.title === alert!.title)).toHaveLength(1);
      expect(bell[0]).toMatchObject({ type: 'urgent', link: '/admin/security' });
    }
    expect((await bellFor(c, support.userId)).filter((n) => n.title === alert!.title)).toHaveLength(0);

    for (let i = 0; i < BURST; i += 1) await signIn(c.app, uniqueEmail('stuffing'), 'not the password', ip);
    const again = await alertsOf(c, 'failed_signin_ip', ip);
    expect(again).toHaveLength(1);
    expect(again[0]!.count).toBe(BURST + 1);
    expect((await bellFor(c, first.userId)).filter((n) => n.title === alert!.title)).toHaveLength(1);

    // The console lists it among the open alerts.
    const listed = (await c.app.inject({ method: 'GET', url: '/api/admin/security/alerts', headers: { cookie: first.cookie } })).json() as {
      items: SecurityAlert[];
      open: number;
    };
    expect(listed.items.find((a) => a.id === alert!.id)).toMatchObject({ kind: 'failed_signin_ip', count: BURST + 1 });
  });

  it('a burst against one account from many addresses raises an account alert', async () => {
    const c = ctx();
    await createAdmin(c, 'system_admin');
    const victim = await createSignedInUser(c);
    for (let i = 0; i < BURST; i += 1) await signIn(c.app, victim.email, 'guess number ' + i, `198.18.0.${i + 1}`);
    const [alert] = await alertsOf(c, 'failed_signin_account', victim.email);
    expect(alert).toMatchObject({ severity: 'high', count: 1, details: { failures: BURST, email: victim.email } });
  });

  it('a rate-limit storm raises one alert for that limit', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const storm = ALERT_THRESHOLDS.rateLimitStorm.count;
    const report = () =>
      c.app.inject({ method: 'POST', url: '/api/security-events/client', remoteAddress: '192.0.2.99', payload: { eventType: 'token_refresh_failed' } });
    for (let i = 0; i < CLIENT_SECURITY_EVENTS_PER_IP_PER_MINUTE + storm - 1; i += 1) await report();
    await c.app.apiUsage.flush();
    expect(await alertsOf(c, 'rate_limit_storm', 'client-events')).toHaveLength(0);
    expect((await report()).statusCode).toBe(429);
    await c.app.apiUsage.flush();
    const [alert] = await alertsOf(c, 'rate_limit_storm', 'client-events');
    expect(alert).toMatchObject({ severity: 'high', title: 'Rate-limit storm on client-events', details: { hits: storm, subjects: 1 } });
    await report();
    await c.app.apiUsage.flush();
    expect(await alertsOf(c, 'rate_limit_storm', 'client-events')).toHaveLength(1);
    expect((await bellFor(c, admin.userId)).filter((n) => n.title === alert!.title)).toHaveLength(1);
  });

  it('a high-risk event raises an alert; resolving it is logged, and a later one opens a new alert', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const blocked = await createSignedInUser(c);
    await c.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, blocked.userId));
    await signIn(c.app, blocked.email, undefined, '198.51.100.200');
    const [alert] = await alertsOf(c, 'high_risk_event', 'deactivated_signin_blocked');
    expect(alert).toMatchObject({ severity: 'high', title: 'High-risk security event: deactivated_signin_blocked' });

    const resolved = await c.app.inject({
      method: 'POST',
      url: `/api/admin/security/alerts/${alert!.id}/resolve`,
      headers: { cookie: admin.cookie },
      payload: { notes: 'Known former employee.' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolvedBy: admin.userId, resolutionNotes: 'Known former employee.' });
    const [logged] = await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, alert!.id));
    expect(logged).toMatchObject({ action: 'security_alert_resolved', adminUserId: admin.userId });
    const twice = await c.app.inject({
      method: 'POST',
      url: `/api/admin/security/alerts/${alert!.id}/resolve`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    const tooLong = await c.app.inject({
      method: 'POST',
      url: `/api/admin/security/alerts/${alert!.id}/resolve`,
      headers: { cookie: admin.cookie },
      payload: { notes: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const missing = await c.app.inject({
      method: 'POST',
      url: '/api/admin/security/alerts/00000000-0000-4000-8000-000000000000/resolve',
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(404);

    await signIn(c.app, blocked.email, undefined, '198.51.100.201');
    expect(await alertsOf(c, 'high_risk_event', 'deactivated_signin_blocked')).toHaveLength(2);
  });

  it('counts in the database, so a burst spread over two server processes is seen as one', async () => {
    const c = ctx();
    await createAdmin(c, 'system_admin');
    const other = await buildApp(testConfig(), { database: c.database, logger: false });
    await other.ready();
    try {
      const ip = '203.0.113.150';
      for (let i = 0; i < BURST; i += 1) await signIn(i % 2 === 0 ? c.app : other, uniqueEmail('split'), 'not the password', ip);
      const alerts = await alertsOf(c, 'failed_signin_ip', ip);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.details).toMatchObject({ failures: BURST });
    } finally {
      await other.close();
    }
  });
});
