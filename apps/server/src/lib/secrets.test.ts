import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretDecryptionError } from './secrets';

const MASTER = 'a-test-master-secret-of-at-least-32-characters';

describe('secrets at rest (AES-256-GCM)', () => {
  it('round-trips a value, in the v1.<iv>.<tag>.<ciphertext> base64url format, without the plaintext in it', () => {
    const box = createSecretBox(MASTER, 'system-api-keys');
    const plaintext = 'sk-test-0123456789abcdefghijklmnop';
    const sealed = box.encrypt(plaintext);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(plaintext);
    expect(sealed).not.toContain(Buffer.from(plaintext).toString('base64url'));
    expect(box.decrypt(sealed)).toBe(plaintext);
    expect(box.decrypt(box.encrypt(''))).toBe('');
    expect(box.decrypt(box.encrypt('ünïcødé ✓'))).toBe('ünïcødé ✓');
  });

  it('uses a fresh IV every time: the same value seals differently', () => {
    const box = createSecretBox(MASTER, 'system-api-keys');
    const a = box.encrypt('same value');
    const b = box.encrypt('same value');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const box = createSecretBox(MASTER, 'system-api-keys');
    const sealed = box.encrypt('sk-live-value');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
    ]) {
      expect(() => box.decrypt(tampered.join('.'))).toThrow(SecretDecryptionError);
    }
    expect(() => box.decrypt(`v2.${iv}.${tag}.${ciphertext}`)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('not-a-sealed-value')).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(`${version}.${iv}.${tag.slice(2)}.${ciphertext}`)).toThrow(SecretDecryptionError);
  });

  it('fails with the wrong master secret or another purpose', () => {
    const sealed = createSecretBox(MASTER, 'system-api-keys').encrypt('sk-secret');
    expect(() => createSecretBox(`${MASTER}-other`, 'system-api-keys').decrypt(sealed)).toThrow(SecretDecryptionError);
    expect(() => createSecretBox(MASTER, 'webhook-secrets').decrypt(sealed)).toThrow(SecretDecryptionError);
  });
});
