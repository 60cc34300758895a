import { toast } from '../components/ui/toast';
import { isApiError } from './api-client';

// The HTTP headlines api/errors.ts falls back to; any other title is the spec's own (001 §8).
const GENERIC_TITLES = new Set([
  'Bad request',
  'Unauthorized',
  'Forbidden',
  'Not found',
  'Method not allowed',
  'Conflict',
  'Payload too large',
  'Unsupported media type',
  'Too many requests',
  'Internal server error',
  'Error',
]);

/**
 * An error toast for a failed request: the server's title and detail when it names the situation
 * ("Daily Like Limit Reached" / "Upgrade to Premium for unlimited likes."), the detail alone for
 * other expected failures, the screen's fallback for faults (5xx, network).
 */
export function problemToast(error: unknown, fallback: string, fallbackTitle?: string) {
  if (isApiError(error) && error.status < 500 && error.detail) {
    if (error.title && !GENERIC_TITLES.has(error.title)) {
      toast.error(error.title, { description: error.detail });
    } else if (fallbackTitle) {
      toast.error(fallbackTitle, { description: error.detail });
    } else {
      toast.error(error.detail);
    }
    return;
  }
  if (fallbackTitle) toast.error(fallbackTitle, { description: fallback });
  else toast.error(fallback);
}
