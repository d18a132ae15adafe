import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, expect, it } from 'vitest';
import { profiles, securityEvents, users } from '../../db/schema/index';
import { cookiesFrom, describeEachDatabase, uniqueEmail } from '../../test/harness';

/** A real OpenID Connect provider on loopback, standing in for the customer's IdP. */
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
await provider.start(0, '127.0.0.1');
afterAll(() => provider.stop());

let person = { sub: 'idp-user-1', email: uniqueEmail('oidc'), given_name: 'Katherine', family_name: 'Johnson' };
const authorizeQueries: URLSearchParams[] = [];
provider.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, { ...person, email_verified: true, name: `${person.given_name} ${person.family_name}` });
});
provider.service.on('beforeUserinfo', (userInfo) => {
  userInfo.body = { ...person, email_verified: true, name: `${person.given_name} ${person.family_name}` };
});
provider.service.on('beforeAuthorizeRedirect', (_authorizeRedirectUri, req) => {
  authorizeQueries.push(new URLSearchParams(req.url.split('?')[1] ?? ''));
});

describeEachDatabase(
  'OAuth sign-in through an OpenID Connect provider',
  (ctx) => {
    async function startSignIn() {
      const started = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: 'http://localhost:3000' },
        payload: { provider: 'oidc', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback', newUserCallbackURL: '/auth/callback' },
      });
      expect(started.statusCode).toBe(200);
      return { url: new URL(started.json().url as string), cookie: cookiesFrom(started) };
    }

    it('asks for openid email profile offline_access with a forced consent prompt and PKCE', async () => {
      const { url } = await startSignIn();
      expect(url.origin).toBe(new URL(provider.issuer.url!).origin);
      expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'offline_access', 'openid', 'profile']);
      expect(url.searchParams.get('prompt')).toBe('consent');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toBeTruthy();
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/oidc');
    });

    it('signs a new user in end to end, creates the profile, and records signin_success (oauth)', async () => {
      person = { sub: `idp-${Date.now()}`, email: uniqueEmail('oidc'), given_name: 'Katherine', family_name: 'Johnson' };
      const { url, cookie } = await startSignIn();
      const atProvider = await fetch(url, { redirect: 'manual' });
      expect(atProvider.status).toBe(302);
      const back = new URL(atProvider.headers.get('location')!);
      expect(back.pathname).toBe('/api/auth/callback/oidc');

      const callback = await ctx().app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toMatch(/^(http:\/\/localhost:3000)?\/auth\/callback$/);
      const session = cookiesFrom(callback, cookie);
      const me = await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } });
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email: person.email, firstName: 'Katherine', lastName: 'Johnson', fullName: 'Katherine Johnson' });

      const { db } = ctx().database;
      const [user] = await db.select().from(users).where(eq(users.email, person.email));
      expect(await db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
      const events = await db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'signin_success'), eq(securityEvents.userId, user!.id)));
      expect(events[0]?.details).toEqual({ method: 'oauth' });
    });

    it('a refused consent records oauth_signin_failed and returns to the callback page with the error', async () => {
      const { url, cookie } = await startSignIn();
      const state = url.searchParams.get('state')!;
      const response = await ctx().app.inject({
        method: 'GET',
        url: `/api/auth/callback/oidc?error=access_denied&state=${encodeURIComponent(state)}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/\/auth\/callback\?error=access_denied/);
      const events = await ctx().database.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'oauth_signin_failed'));
      expect(events.some((e) => (e.details as { error?: string }).error === 'access_denied')).toBe(true);
    });

    it('a deactivated user cannot come back through OAuth', async () => {
      person = { sub: `idp-deact-${Date.now()}`, email: uniqueEmail('oidc-deact'), given_name: 'Dorothy', family_name: 'Vaughan' };
      const first = await startSignIn();
      const back1 = new URL((await fetch(first.url, { redirect: 'manual' })).headers.get('location')!);
      await ctx().app.inject({ method: 'GET', url: back1.pathname + back1.search, headers: { cookie: first.cookie } });
      const { db } = ctx().database;
      const [user] = await db.select().from(users).where(eq(users.email, person.email));
      await db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user!.id));

      const second = await startSignIn();
      const back2 = new URL((await fetch(second.url, { redirect: 'manual' })).headers.get('location')!);
      const callback = await ctx().app.inject({ method: 'GET', url: back2.pathname + back2.search, headers: { cookie: second.cookie } });
      expect(callback.headers.location ?? '').toMatch(/error=/);
      const session = cookiesFrom(callback, second.cookie);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } })).statusCode).toBe(401);
    });

    it('auth-config offers the provider by name', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/auth-config' });
      expect(response.json().oauth).toEqual({ enabled: true, providerId: 'oidc', name: 'Test IdP' });
    });
  },
  { OIDC_ISSUER: provider.issuer.url, OIDC_CLIENT_ID: 'parley-test', OIDC_CLIENT_SECRET: 'parley-test-secret', OIDC_NAME: 'Test IdP' },
);
