/** Hashing and random secrets (D6): argon2id with OWASP parameters, SHA-256 for stored tokens. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHasher, TokenDigest } from '../../core/accounts/ports';
import type { IdGenerator, RandomBytes, SecretGenerator } from '../../core/shared/ids';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string) {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string) {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a wrong password, never a crash.
      return false;
    }
  }

  async verifyDummy(password: string) {
    this.dummy ??= argon2.hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
    await this.verify(await this.dummy, password);
  }
}

export const sha256Digest: TokenDigest = {
  digest: (token) => createHash('sha256').update(token).digest('hex'),
};

export const uuidIds: IdGenerator = { newId: () => randomUUID() };

/** Cryptographically random bytes for invite codes (D18). */
export const cryptoRandomBytes: RandomBytes = (n) => new Uint8Array(randomBytes(n));

export const randomSecrets: SecretGenerator = { newToken: () => randomBytes(32).toString('base64url') };
