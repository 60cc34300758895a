import { useEffect, useRef } from 'react';
import { removePendingAgreement, useHasPendingAgreement } from '../api/pending-agreement';
import { readPendingAgreement } from '../api/read-pending-agreement';
import { useSaveAgreement } from '../api/save-agreement';

type PendingAgreementSyncProps = {
  /** The signed-in user's id, or null when signed out. */
  userId: string | null;
  /** Called after the agreement is saved, before it is removed locally (e.g. to refresh the session). */
  onSaved: () => Promise<unknown> | undefined;
};

/**
 * 000 §4: after a signed-in event, a structurally valid pending agreement is saved and removed
 * locally; an invalid one is discarded. Renders nothing.
 */
export function PendingAgreementSync({ userId, onSaved }: PendingAgreementSyncProps) {
  const hasPending = useHasPendingAgreement();
  const save = useSaveAgreement();
  const running = useRef(false);

  useEffect(() => {
    if (!userId || !hasPending || running.current) return;
    const pending = readPendingAgreement();
    if (pending.kind === 'invalid') {
      console.warn('Discarding a malformed pending agreement');
      removePendingAgreement();
      return;
    }
    if (pending.kind !== 'valid') return;
    running.current = true;
    save.mutate(pending.agreement, {
      onSuccess: async () => {
        await onSaved();
        removePendingAgreement();
      },
      onError: (error) => {
        // Kept nowhere else: the user is asked again by the agreement screen.
        console.error('Could not save the pending agreement', error);
        removePendingAgreement();
      },
      onSettled: () => {
        running.current = false;
      },
    });
  }, [userId, hasPending, save, onSaved]);

  return null;
}
