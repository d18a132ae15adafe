import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (DESIGN.md §4 rule 5): AES-256-GCM with a key derived from PARLEY_SECRET_KEY
 * by HKDF-SHA256 with a purpose label, so one master secret yields independent keys per use
 * (a ciphertext made for one purpose does not decrypt under another). Output:
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the 12-byte IV is random per value.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = 'parley-secrets-v1';

export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

export interface SecretBox {
  encrypt(plaintext: string): string;
  /** Throws SecretDecryptionError when the value was changed, made with another key or purpose, or is not a sealed value. */
  decrypt(sealed: string): string;
}

function deriveKey(masterSecret: string, purpose: string): Buffer {
  if (!masterSecret) throw new Error('A master secret is required to encrypt secrets.');
  if (!purpose) throw new Error('A purpose label is required to encrypt secrets.');
  return Buffer.from(hkdfSync('sha256', Buffer.from(masterSecret, 'utf8'), Buffer.from(SALT, 'utf8'), Buffer.from(`parley:${purpose}`, 'utf8'), 32));
}

/** Seals and opens values for one purpose (e.g. 'system-api-keys') under the server's secret key. */
export function createSecretBox(masterSecret: string, purpose: string): SecretBox {
  const key = deriveKey(masterSecret, purpose);
  const aad = Buffer.from(`${VERSION}:${purpose}`, 'utf8');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError('Not a sealed value of a known version.');
      const [, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError('The sealed value is malformed.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // The tag did not verify: changed data, another key, or another purpose.
        throw new SecretDecryptionError('The sealed value could not be verified.');
      }
    },
  };
}
