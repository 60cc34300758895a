/** Reference lists for suggestions and validation (000 §3, 001 §5), from fixtures/. */
import type { UniversityDirectory } from '../core/profiles/ports';
import { MAJORS } from '../fixtures/majors';
import { UNIVERSITY_NAMES } from '../fixtures/university-list';

export function fixtureDirectory(): UniversityDirectory {
  const byLower = new Map(UNIVERSITY_NAMES.map((n) => [n.toLowerCase(), n]));
  return {
    canonical: (name) => byLower.get(name.trim().toLowerCase()) ?? null,
    universities: () => UNIVERSITY_NAMES,
    majors: () => MAJORS,
  };
}
