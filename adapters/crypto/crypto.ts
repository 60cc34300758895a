/** Hashing and random secrets (D6): argon2id with OWASP parameters, SHA-256 for stored tokens. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHasher, TokenDigest } from '../../core/accounts/ports';
import type { IdGenerator, RandomBytes, SecretGenerator } from '../../core/shared/ids';

/** argon2id's memory (KiB) and passes: OWASP's 19 MiB and 2 passes wherever the product runs. */
export type Argon2Cost = { memoryCost: number; timeCost: number };
const OWASP_COST: Argon2Cost = { memoryCost: 19456, timeCost: 2 };

export class Argon2PasswordHasher implements PasswordHasher {
  private dummy: Promise<string> | null = null;

  /** `cost` is lowered only by the test suites' apps (N233); verify reads the cost from the stored hash. */
  constructor(private readonly cost: Argon2Cost = OWASP_COST) {}

  hash(password: string) {
    return argon2.hash(password, { type: argon2.argon2id, parallelism: 1, ...this.cost });
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
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
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
