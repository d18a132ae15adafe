import type { AccountProfile, AccountSessionList, ConnectedAccountList } from '@parley/shared/contracts/account';
import { and, desc, eq } from 'drizzle-orm';
import { intToRGBA, Jimp, JimpMime } from 'jimp';
import { expect, it } from 'vitest';
import { emailOutbox, profiles, securityEvents, sessions, userAvatars, users } from '../../db/schema/index';
import { cookiesFrom, createSignedInUser, describeEachDatabase, latestEmailTo, signIn, TEST_PASSWORD, uniqueEmail, type TestContext } from '../../test/harness';
import { makePng, multipartFile } from './test-helpers';

const ORIGIN = { origin: 'http://localhost:3000' };
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function secondSession(c: TestContext, email: string, userAgent: string, password = TEST_PASSWORD) {
  const response = await c.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...ORIGIN, 'user-agent': userAgent },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookiesFrom(response);
}

const isSignedIn = async (c: TestContext, cookie: string) => (await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode === 200;

async function eventsOf(c: TestContext, userId: string, eventType: string) {
  return c.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, eventType)));
}

describeEachDatabase('account settings: profile, avatar, e-mail, password, sessions, sign-in methods', (ctx) => {
  it('changes first and last name and keeps the full name in step on users and profiles', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const before = await c.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: user.cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      hasPassword: true,
      avatarUrl: null,
    });

    const changed = await c.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: user.cookie },
      payload: { firstName: '  Grace ', lastName: 'Hopper' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', fullName: 'Grace Hopper' });
    const [u] = await c.database.db.select().from(users).where(eq(users.id, user.userId));
    const [p] = await c.database.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect([u!.name, u!.firstName, u!.lastName]).toEqual(['Grace Hopper', 'Grace', 'Hopper']);
    expect([p!.fullName, p!.firstName, p!.lastName]).toEqual(['Grace Hopper', 'Grace', 'Hopper']);
    const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().user.fullName).toBe('Grace Hopper');
  });

  it('refuses bad names with 400 and changes nothing', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    for (const payload of [
      { firstName: '', lastName: 'X' },
      { firstName: 'A'.repeat(101), lastName: 'X' },
      { firstName: 'A' },
      { firstName: 'A', lastName: 'B', fullName: 'C' },
    ]) {
      const response = await c.app.inject({ method: 'PATCH', url: '/api/account/profile', headers: { cookie: user.cookie }, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [p] = await c.database.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(p!.fullName).toBe('Ada Lovelace');
    // Better Auth's own update route goes through the same contract, and the full name is ours.
    const direct = await c.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, ...ORIGIN },
      payload: { name: 'Someone Else' },
    });
    expect(direct.statusCode).toBe(400);
    const viaAuth = await c.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, ...ORIGIN },
      payload: { firstName: 'Katherine', lastName: 'Johnson' },
    });
    expect(viaAuth.statusCode, viaAuth.body).toBe(200);
    const [after] = await c.database.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(after!.fullName).toBe('Katherine Johnson');
  });

  it('stores an avatar checked by its bytes and size, serves it with caching and an ETag, and removes it', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const upload = (filename: string, type: string, data: Buffer) => {
      const form = multipartFile('file', filename, type, data);
      return c.app.inject({ method: 'POST', url: '/api/account/avatar', headers: { cookie: user.cookie, ...form.headers }, payload: form.payload });
    };

    // A text file named .png, and a PNG declared as text: the bytes decide.
    const fake = await upload('avatar.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    const tooLarge = await upload('big.png', 'image/png', Buffer.concat([makePng(4, 4), Buffer.alloc(2 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The image is larger than 2 MB. Choose a smaller one.');
    const notMultipart = await c.app.inject({ method: 'POST', url: '/api/account/avatar', headers: { cookie: user.cookie }, payload: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect((await c.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: user.cookie } })).json().avatarUrl).toBeNull();

    const png = makePng(256, 256);
    const stored = await upload('me.txt', 'text/plain', png);
    expect(stored.statusCode, stored.body).toBe(200);
    const profile = stored.json() as AccountProfile;
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/avatars/${user.userId}\\?v=[\\w-]{12}$`));
    const [u] = await c.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(u!.image).toBe(profile.avatarUrl);

    const served = await c.app.inject({ method: 'GET', url: profile.avatarUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unversioned = await c.app.inject({ method: 'GET', url: `/api/avatars/${user.userId}` });
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const again = await c.app.inject({ method: 'GET', url: `/api/avatars/${user.userId}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A new image is a new URL.
    const second = await upload('me.png', 'image/png', makePng(128, 128));
    expect((second.json() as AccountProfile).avatarUrl).not.toBe(profile.avatarUrl);

    const removed = await c.app.inject({ method: 'DELETE', url: '/api/account/avatar', headers: { cookie: user.cookie } });
    expect(removed.json().avatarUrl).toBeNull();
    expect((await c.app.inject({ method: 'GET', url: `/api/avatars/${user.userId}` })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'GET', url: '/api/avatars/not-a-uuid' })).statusCode).toBe(400);
  });

  it('crops a larger image to its centred square at 256×256 in the worker, keeps a JPEG a JPEG, and refuses what it cannot resize', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const upload = (filename: string, type: string, data: Buffer) => {
      const form = multipartFile('file', filename, type, data);
      return c.app.inject({ method: 'POST', url: '/api/account/avatar', headers: { cookie: user.cookie, ...form.headers }, payload: form.payload });
    };
    // A 900×600 photo: red on the left and right thirds, blue in the centre square.
    const photo = new Jimp({ width: 900, height: 600, color: 0xff0000ff });
    photo.scan(150, 0, 600, 600, (_x, _y, index) => photo.bitmap.data.writeUInt32BE(0x0000ffff, index));
    const stored = await upload('photo.jpg', 'image/jpeg', await photo.getBuffer(JimpMime.jpeg));
    expect(stored.statusCode, stored.body).toBe(200);
    const [row] = await c.database.db.select().from(userAvatars).where(eq(userAvatars.userId, user.userId));
    expect(row).toMatchObject({ contentType: 'image/jpeg', width: 256, height: 256 });
    const served = await c.app.inject({ method: 'GET', url: (stored.json() as AccountProfile).avatarUrl! });
    const decoded = await Jimp.read(served.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([256, 256]);
    // Only the centre square is kept: the corners are blue, not the red edges.
    for (const [x, y] of [
      [2, 2],
      [253, 253],
      [128, 128],
    ] as const) {
      const { r, b } = intToRGBA(decoded.getPixelColor(x, y));
      expect(b, `${x},${y}`).toBeGreaterThan(200);
      expect(r, `${x},${y}`).toBeLessThan(60);
    }

    // A PNG becomes a 256×256 PNG.
    const wide = await upload('wide.png', 'image/png', await new Jimp({ width: 400, height: 300, color: 0x00ff00ff }).getBuffer(JimpMime.png));
    expect(wide.statusCode, wide.body).toBe(200);
    const [png] = await c.database.db.select().from(userAvatars).where(eq(userAvatars.userId, user.userId));
    expect(png).toMatchObject({ contentType: 'image/png', width: 256, height: 256 });

    // Too many pixels, a WebP it cannot decode, and a PNG whose header lies about its content.
    const huge = await upload('huge.png', 'image/png', makePng(5000, 10));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The image is 5000×10 pixels; the largest accepted is 4096 on a side.');
    const webp = Buffer.alloc(40);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(999, 24, 3);
    webp.writeUIntLE(999, 27, 3);
    const bigWebp = await upload('big.webp', 'image/webp', webp);
    expect(bigWebp.statusCode).toBe(400);
    expect(bigWebp.json().message).toBe('A WebP avatar must be at most 256×256 pixels. Choose a PNG or JPEG to have it resized.');
    const broken = await upload('broken.png', 'image/png', makePng(1000, 1000).subarray(0, 40));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The image could not be read. Choose another PNG, JPEG or GIF image.');
    // The last good avatar is still the one served.
    const [still] = await c.database.db.select().from(userAvatars).where(eq(userAvatars.userId, user.userId));
    expect(still!.etag).toBe(png!.etag);
  });

  it('lists sessions with device, browser, IP and the current one first; signs out one, then all others', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const mac = await secondSession(c, user.email, CHROME_MAC);
    const phone = await secondSession(c, user.email, SAFARI_IPHONE);

    const listed = await c.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: mac } });
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json() as AccountSessionList;
    // Confirming the address signed the user in once more (Better Auth's auto sign-in): four in all.
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({ isCurrent: true, browser: 'Chrome 126', os: 'macOS', deviceType: 'desktop' });
    expect(items[0]!.ipAddress).toMatch(/^10\.9\./);
    expect(items.filter((s) => s.isCurrent)).toHaveLength(1);
    const iphone = items.find((s) => s.os === 'iOS 17')!;
    expect(iphone).toMatchObject({ browser: 'Safari 17', deviceType: 'mobile', isCurrent: false });
    expect(JSON.stringify(items)).not.toContain('token');

    const revoked = await c.app.inject({ method: 'DELETE', url: `/api/account/sessions/${iphone.id}`, headers: { cookie: mac } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await isSignedIn(c, phone)).toBe(false);
    expect(await isSignedIn(c, mac)).toBe(true);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/account/sessions/${iphone.id}`, headers: { cookie: mac } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'DELETE', url: '/api/account/sessions/nope', headers: { cookie: mac } })).statusCode).toBe(400);

    // Another user's session cannot be ended by id.
    const stranger = await createSignedInUser(c);
    const [theirs] = await c.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, stranger.userId));
    expect((await c.app.inject({ method: 'DELETE', url: `/api/account/sessions/${theirs!.id}`, headers: { cookie: mac } })).statusCode).toBe(404);
    expect(await isSignedIn(c, stranger.cookie)).toBe(true);

    const others = await c.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers: { cookie: mac } });
    expect(others.json()).toEqual({ revoked: 2 });
    expect(await isSignedIn(c, user.cookie)).toBe(false);
    expect(await isSignedIn(c, mac)).toBe(true);
    expect(await eventsOf(c, user.userId, 'session_revoked')).toHaveLength(1);
    expect(await eventsOf(c, user.userId, 'other_sessions_revoked')).toHaveLength(1);
  });

  it('changes the password only with the current one, ends every other session, and records it', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const other = await secondSession(c, user.email, SAFARI_IPHONE);
    const change = (payload: unknown, cookie = user.cookie) =>
      c.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie, ...ORIGIN }, payload: payload as object });

    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_ERROR');
    expect((await change({ newPassword: 'a much longer one' })).statusCode).toBe(400);

    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a much longer one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Incorrect current credentials. Check them and try again.');
    expect(await eventsOf(c, user.userId, 'password_change_failed')).toHaveLength(1);
    expect(await isSignedIn(c, other)).toBe(true);

    // Asking to keep the other sessions is overruled.
    const changed = await change({ currentPassword: TEST_PASSWORD, newPassword: 'a much longer one', revokeOtherSessions: false });
    expect(changed.statusCode, changed.body).toBe(200);
    const current = cookiesFrom(changed, user.cookie);
    expect(await isSignedIn(c, current)).toBe(true);
    expect(await isSignedIn(c, other)).toBe(false);
    expect(await eventsOf(c, user.userId, 'password_changed')).toHaveLength(1);
    expect((await latestEmailTo(c, user.email))!.kind).toBe('password_changed_notice');

    expect((await signIn(c.app, user.email, TEST_PASSWORD, '10.77.0.1')).statusCode).toBe(401);
    expect((await signIn(c.app, user.email, 'a much longer one', '10.77.0.2')).statusCode).toBe(200);
  });

  it('changes the e-mail address only once the link sent to the new address is opened, and tells the old one', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const newEmail = uniqueEmail('moved');
    const request = (payload: unknown) =>
      c.app.inject({ method: 'POST', url: '/api/auth/change-email', headers: { cookie: user.cookie, ...ORIGIN }, payload: payload as object });

    expect((await request({ newEmail: 'not-an-address' })).statusCode).toBe(400);
    expect((await request({ newEmail: user.email.toUpperCase() })).json().message).toBe('That is already your e-mail address.');
    expect((await request({ newEmail, callbackURL: 'https://evil.example/' })).statusCode).toBe(400);

    const requested = await request({ newEmail: newEmail.toUpperCase(), callbackURL: '/dashboard/settings?email=changed' });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(await eventsOf(c, user.userId, 'email_change_requested')).toHaveLength(1);
    const message = await latestEmailTo(c, newEmail);
    expect(message?.kind).toBe('email_change_verification');
    expect(message?.subject).toBe('Confirm your new e-mail address for Parley');
    // Nothing changes until the link is opened.
    const [before] = await c.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(before!.email).toBe(user.email);

    const link = new URL(/https?:\/\/\S+/.exec(message!.textBody)![0]);
    const opened = await c.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard/settings?email=changed');
    const [after] = await c.database.db.select().from(users).where(eq(users.id, user.userId));
    const [profile] = await c.database.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(after!.email).toBe(newEmail);
    expect(after!.emailVerified).toBe(true);
    expect(profile!.email).toBe(newEmail);
    const notice = await latestEmailTo(c, user.email);
    expect(notice?.kind).toBe('email_changed_notice');
    expect(notice?.textBody).toContain(newEmail);
    expect(await eventsOf(c, user.userId, 'email_changed')).toHaveLength(1);

    // The link works once; sign-in uses the new address.
    const reused = await c.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(reused.headers.location).toMatch(/error=INVALID_TOKEN/);
    expect((await signIn(c.app, newEmail, TEST_PASSWORD, '10.78.0.1')).statusCode).toBe(200);
    expect((await signIn(c.app, user.email, TEST_PASSWORD, '10.78.0.2')).statusCode).toBe(401);
  });

  it('refuses the change when the new address was taken by another account in the meantime', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const target = uniqueEmail('contested');
    const requested = await c.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: user.cookie, ...ORIGIN },
      payload: { newEmail: target, callbackURL: '/dashboard/settings' },
    });
    expect(requested.statusCode).toBe(200);
    const message = await latestEmailTo(c, target);
    await createSignedInUser(c, target);
    const link = new URL(/https?:\/\/\S+/.exec(message!.textBody)![0]);
    const opened = await c.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard/settings?error=EMAIL_TAKEN');
    const [u] = await c.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(u!.email).toBe(user.email);
  });

  it('lists the sign-in methods; the only one cannot be disconnected', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const listed = await c.app.inject({ method: 'GET', url: '/api/account/connected-accounts', headers: { cookie: user.cookie } });
    const { items } = listed.json() as ConnectedAccountList;
    expect(items).toEqual([expect.objectContaining({ providerId: 'credential', providerName: 'E-mail and password', kind: 'credential', canUnlink: false })]);
    const refused = await c.app.inject({ method: 'DELETE', url: `/api/account/connected-accounts/${items[0]!.id}`, headers: { cookie: user.cookie } });
    expect(refused.statusCode).toBe(400);
    const stranger = await createSignedInUser(c);
    const theirs = (
      (await c.app.inject({ method: 'GET', url: '/api/account/connected-accounts', headers: { cookie: stranger.cookie } })).json() as ConnectedAccountList
    ).items[0]!;
    expect((await c.app.inject({ method: 'DELETE', url: `/api/account/connected-accounts/${theirs.id}`, headers: { cookie: user.cookie } })).statusCode).toBe(
      404,
    );
    const outbox = await c.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email)).orderBy(desc(emailOutbox.createdAt));
    expect(outbox.every((m) => m.kind === 'email_verification')).toBe(true);
  });
});
