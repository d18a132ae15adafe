import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it("gives helmet's headers for the options, HSTS only when asked", () => {
    const plain = helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } }, strictTransportSecurity: false });
    expect(plain['content-security-policy']).toBe("default-src 'self'");
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders({ strictTransportSecurity: true })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses an invalid policy when the server starts, not on a request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self';"] } } })).toThrow();
  });
});
