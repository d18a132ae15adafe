import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'parley-config-'));

describe('configuration from the environment', () => {
  it('has working defaults for the embedded mode', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      emailVerificationRequired: true,
      smtp: undefined,
      oidc: undefined,
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('generates PARLEY_SECRET_KEY into DATA_DIR on first run and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ PARLEY_SECRET_KEY: 'short' }, 'PARLEY_SECRET_KEY'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ EMAIL_VERIFICATION_REQUIRED: 'maybe' }, 'EMAIL_VERIFICATION_REQUIRED'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'me' }, 'SMTP_USER'],
    [{ TRUSTED_ORIGINS: 'not a url' }, 'TRUSTED_ORIGINS'],
  ])('a wrong value stops start-up with a message naming the variable (%o)', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(new RegExp(variable));
  });

  it('reads SMTP, OIDC and proxy settings', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '2525',
      OIDC_ISSUER: 'https://id.example.com/',
      OIDC_CLIENT_ID: 'parley',
      TRUSTED_PROXY: '10.0.0.1, 10.0.0.2',
      PUBLIC_URL: 'https://chat.example.com/',
    });
    expect(config.smtp).toMatchObject({ host: 'smtp.example.com', port: 2525, secure: false });
    expect(config.oidc).toMatchObject({ issuer: 'https://id.example.com', clientId: 'parley', name: 'Single sign-on' });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(config.publicUrl).toBe('https://chat.example.com');
    expect(config.trustedOrigins).toEqual(['https://chat.example.com']);
  });
});
