import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Servers' own provider keys at rest (issue 28): AES-256-GCM from node:crypto under
 * PROVIDER_KEY_SECRET (32 bytes, base64). Each write draws a fresh random 12-byte IV; the 16-byte
 * auth tag is stored beside the ciphertext, and the server's id is the additional authenticated
 * data, so a row copied to another server does not decrypt. The key version is the secret's
 * fingerprint (first 8 hex digits of its SHA-256): after a rotation, rows under the previous secret
 * (PROVIDER_KEY_SECRET_PREVIOUS) still decrypt, and the next save moves them to the new one.
 */

export interface Sealed {
  ciphertext: string;
  iv: string;
  authTag: string;
  keyVersion: string;
}

export interface Secrets {
  current: Buffer;
  previous?: Buffer;
}

export const NO_SECRET_REASON =
  'Own provider keys are off on this deployment: the operator has not set PROVIDER_KEY_SECRET (32 random bytes, base64).';

/** The secrets from the environment (checked there to be 32 bytes); null when unset. */
export function secretsFrom(env: {
  PROVIDER_KEY_SECRET?: string;
  PROVIDER_KEY_SECRET_PREVIOUS?: string;
}): Secrets | null {
  if (!env.PROVIDER_KEY_SECRET) return null;
  return {
    current: Buffer.from(env.PROVIDER_KEY_SECRET, 'base64'),
    previous: env.PROVIDER_KEY_SECRET_PREVIOUS
      ? Buffer.from(env.PROVIDER_KEY_SECRET_PREVIOUS, 'base64')
      : undefined,
  };
}

export const versionOf = (secret: Buffer) => createHash('sha256').update(secret).digest('hex').slice(0, 8);

export function seal(plaintext: string, secrets: Secrets, guildId: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secrets.current, iv);
  cipher.setAAD(Buffer.from(guildId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    ciphertext: ciphertext.toString('base64'),
    iv: iv.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
    keyVersion: versionOf(secrets.current),
  };
}

/** The secret a row was sealed under, when this deployment still has it. */
export function secretFor(sealed: Pick<Sealed, 'keyVersion'>, secrets: Secrets): Buffer | null {
  if (sealed.keyVersion === versionOf(secrets.current)) return secrets.current;
  if (secrets.previous && sealed.keyVersion === versionOf(secrets.previous)) return secrets.previous;
  return null;
}

/** The key in clear; throws when the secret is gone or the row was altered (the auth tag fails). */
export function open(sealed: Sealed, secrets: Secrets, guildId: string): string {
  const secret = secretFor(sealed, secrets);
  if (!secret) throw new Error('the key was encrypted under a secret this deployment no longer has');
  const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(guildId, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
