import { isPendingAgreement, type PendingAgreement } from '../../../../../core/accounts/rules';
import { PENDING_AGREEMENT_KEY } from './pending-agreement';

// Apart from ./pending-agreement: the check needs core's account rules, which only the signed-in
// sync loads, not the landing page's first load (N174).
/** What is stored: absent, a structurally valid agreement, or something to discard. */
export function readPendingAgreement():
  | { kind: 'none' }
  | { kind: 'valid'; agreement: PendingAgreement }
  | { kind: 'invalid' } {
  const raw = localStorage.getItem(PENDING_AGREEMENT_KEY);
  if (raw === null) return { kind: 'none' };
  try {
    const value: unknown = JSON.parse(raw);
    return isPendingAgreement(value) ? { kind: 'valid', agreement: value } : { kind: 'invalid' };
  } catch {
    // Not JSON at all: treated like any other malformed agreement (discarded, 000 §4).
    return { kind: 'invalid' };
  }
}
