/**
 * A student's school is the one whose e-mail domain their confirmed address belongs to (issue 16 §1):
 * the domain itself or any subdomain of it (`cs.berkeley.edu` is Berkeley's), compared label by
 * label, so `notberkeley.edu` and `berkeley.edu.evil.com` are not Berkeley's.
 */

/** One school and the domains its addresses use (reference data, through the SchoolDirectory port). */
export type SchoolDomains = { school: string; domains: readonly string[] };

/** The lower-cased domain of an address (after its last `@`, without a trailing dot), or null. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return domain.length > 0 ? domain : null;
}

/** Whether `host` is `domain` or a subdomain of it, by whole labels. */
export function belongsToDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  const d = domain.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

/**
 * The school of an address, or null for a domain not in the table. When two entries match (a
 * college's own subdomain inside a system's domain), the longest, most specific domain wins.
 */
export function schoolOfEmail(email: string, table: readonly SchoolDomains[]): string | null {
  const host = domainOf(email);
  if (!host) return null;
  let best: { school: string; length: number } | null = null;
  for (const entry of table) {
    for (const domain of entry.domains) {
      if (belongsToDomain(host, domain) && (!best || domain.length > best.length)) {
        best = { school: entry.school, length: domain.length };
      }
    }
  }
  return best?.school ?? null;
}

/**
 * "School verified" (issue 16): the profile's school is the one the confirmed address gives. The
 * same meaning as the SQL of adapters/db/shared/verification-rows.ts, for other students' badges.
 */
export const isSchoolVerified = (verifiedUniversity: string | null, profileUniversity: string | null): boolean =>
  verifiedUniversity !== null && verifiedUniversity === profileUniversity;
