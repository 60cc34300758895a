/** Feature requests (001 §5, §7): the form's limits and defaults, popular list, one vote a day. */
import type { FieldError } from '../shared/errors';
import { DomainError } from '../shared/errors';
import { cleanText } from '../shared/sanitize';

export const FEATURE_CATEGORIES = ['matching', 'messaging', 'profile', 'safety', 'other'] as const;
export const FEATURE_PRIORITIES = ['low', 'medium', 'high'] as const;
export const POPULAR_LIMIT = 5;

export const FEEDBACK_MESSAGES = {
  required: 'Please fill in both the title and description.',
  titleTooLong: 'Title can be at most 100 characters.',
  descriptionTooLong: 'Description can be at most 500 characters.',
  voteTitle: 'Unable to Vote',
  votedToday: 'You can only vote once per day for each request.',
  notFound: 'Feature request not found.',
} as const;

export const feedbackErrors = {
  votedToday: () =>
    new DomainError('FEEDBACK.ALREADY_VOTED', FEEDBACK_MESSAGES.votedToday, undefined, FEEDBACK_MESSAGES.voteTitle),
  notFound: () => new DomainError('FEEDBACK.NOT_FOUND', FEEDBACK_MESSAGES.notFound),
};

export type FeatureRequestInput = { title: string; description: string; category?: string; priority?: string };

export function featureRequestErrors(i: FeatureRequestInput): FieldError[] {
  if (i.title.trim() === '' || i.description.trim() === '')
    return [{ path: 'title', message: FEEDBACK_MESSAGES.required }];
  const errors: FieldError[] = [];
  if (i.title.length > 100) errors.push({ path: 'title', message: FEEDBACK_MESSAGES.titleTooLong });
  if (i.description.length > 500) errors.push({ path: 'description', message: FEEDBACK_MESSAGES.descriptionTooLong });
  for (const [path, v] of [
    ['title', i.title],
    ['description', i.description],
  ] as const) {
    const c = cleanText(v, { required: true, max: 500 });
    if (!c.ok) errors.push({ path, message: c.message });
  }
  if (i.category !== undefined && !(FEATURE_CATEGORIES as readonly string[]).includes(i.category)) {
    errors.push({ path: 'category', message: 'Please choose one of the listed options.' });
  }
  if (i.priority !== undefined && !(FEATURE_PRIORITIES as readonly string[]).includes(i.priority)) {
    errors.push({ path: 'priority', message: 'Please choose one of the listed options.' });
  }
  return errors;
}

/** Votes count once per request per UTC day. */
export const voteDay = (at: Date) => at.toISOString().slice(0, 10);
