/**
 * One campus's matching of the day as plain data in and out (N137), so it can run off the event
 * loop (a worker thread, adapters/compute) as well as in process: D12's pair scores, the pairs kept
 * apart (blocks and swipes either way, N132; structured dealbreakers, N151) and the day's matching.
 */
import type { MatchPerson } from '../matching/compatibility';
import { brokenRules } from '../matching/dealbreakers';
import { type DailyMatching, dailyMatching } from './daily-matching';
import { pairScorer } from './pair-score';

export type CampusMatchingInput = {
  day: string;
  campus: string;
  ids: string[];
  people: MatchPerson[];
  /** Pairs never matched, as indices into `ids`. */
  apart: [number, number][];
};

/** Runs a campus's matching: in process, or on a worker thread so a large campus never stalls requests. */
export type CampusMatcher = (input: CampusMatchingInput) => Promise<DailyMatching>;

export function matchCampus(input: CampusMatchingInput): DailyMatching {
  const n = input.ids.length;
  const apart = new Set(input.apart.map(([i, j]) => Math.min(i, j) * n + Math.max(i, j)));
  // Structured dealbreakers keep two apart as they keep them out of each other's deck (N151); only
  // students with rules are checked against the others.
  input.people.forEach((owner, i) => {
    if (!owner.preferences?.dealbreakerRules?.length) return;
    input.people.forEach((other, j) => {
      if (i !== j && brokenRules(owner, other).length > 0) apart.add(Math.min(i, j) * n + Math.max(i, j));
    });
  });
  return dailyMatching({
    day: input.day,
    campus: input.campus,
    ids: input.ids,
    score: pairScorer(input.people),
    apart: apart.size === 0 ? undefined : (i, j) => apart.has(Math.min(i, j) * n + Math.max(i, j)),
  });
}

export const inProcessMatcher: CampusMatcher = async (input) => matchCampus(input);
