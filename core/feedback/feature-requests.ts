/** Feature requests and votes (001 §2, §5, §7). */
import type { Clock } from '../shared/clock';
import { validationError } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { err, ok } from '../shared/result';
import { cleanText } from '../shared/sanitize';
import { type FeatureRequestInput, featureRequestErrors, feedbackErrors, POPULAR_LIMIT, voteDay } from './rules';

export type PopularRequest = {
  id: string;
  title: string;
  category: string;
  voteCount: number;
  /** The viewer already voted for it today (one vote a day, 001 §7). */
  votedToday: boolean;
};

export interface FeedbackRepository {
  add(r: {
    id: string;
    userId: string;
    title: string;
    description: string;
    category: string;
    priority: string;
    at: Date;
  }): Promise<void>;
  popular(limit: number, viewer: { userId: string; day: string }): Promise<PopularRequest[]>;
  exists(id: string): Promise<boolean>;
  /** False when this user already voted for it on that day (the unique key decides races). */
  vote(requestId: string, userId: string, day: string, at: Date): Promise<boolean>;
}

export type FeedbackDeps = { clock: Clock; ids: IdGenerator; feedback: FeedbackRepository };

export async function submitFeatureRequest(deps: FeedbackDeps, userId: string, input: FeatureRequestInput) {
  const errors = featureRequestErrors(input);
  if (errors.length > 0) return err(validationError(errors));
  const clean = (v: string, max: number) => {
    const c = cleanText(v, { required: true, max });
    return c.ok ? c.value : v.trim();
  };
  const id = deps.ids.newId();
  await deps.feedback.add({
    id,
    userId,
    title: clean(input.title, 100),
    description: clean(input.description, 500),
    category: input.category ?? 'other',
    priority: input.priority ?? 'medium',
    at: deps.clock.now(),
  });
  return ok({ id, status: 'submitted' as const });
}

export const popularRequests = (deps: FeedbackDeps, userId: string) =>
  deps.feedback.popular(POPULAR_LIMIT, { userId, day: voteDay(deps.clock.now()) });

export async function voteForRequest(deps: FeedbackDeps, userId: string, requestId: string) {
  if (!(await deps.feedback.exists(requestId))) return err(feedbackErrors.notFound());
  const now = deps.clock.now();
  return (await deps.feedback.vote(requestId, userId, voteDay(now), now))
    ? ok({ success: true as const })
    : err(feedbackErrors.votedToday());
}
