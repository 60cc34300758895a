/** Identifiers and secrets come through ports so core stays deterministic in tests. */
export interface IdGenerator {
  newId(): string;
}

export interface SecretGenerator {
  /** A URL-safe random token with at least 256 bits of entropy. */
  newToken(): string;
}

/** Cryptographically random bytes (invite codes, D18). */
export type RandomBytes = (n: number) => Uint8Array;
