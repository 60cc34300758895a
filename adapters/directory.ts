/** Reference lists for suggestions and validation (000 §3, 001 §5), from fixtures/. */
import type { SchoolDirectory } from '../core/accounts/ports';
import type { UniversityDirectory } from '../core/profiles/ports';
import { MAJORS } from '../fixtures/majors';
import { SCHOOL_DOMAINS } from '../fixtures/university-domains';
import { UNIVERSITY_NAMES } from '../fixtures/university-list';

export function fixtureDirectory(): UniversityDirectory {
  const byLower = new Map(UNIVERSITY_NAMES.map((n) => [n.toLowerCase(), n]));
  return {
    canonical: (name) => byLower.get(name.trim().toLowerCase()) ?? null,
    universities: () => UNIVERSITY_NAMES,
    majors: () => MAJORS,
  };
}

/** The school e-mail domains of the reference data (issue 16 §1). */
export function fixtureSchools(): SchoolDirectory {
  return { schoolDomains: () => SCHOOL_DOMAINS };
}
