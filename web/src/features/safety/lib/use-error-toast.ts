import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast';

/** A load failure is announced as a toast (001 §8), once per failure; the screen keeps a Try again. */
export function useErrorToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, message]);
}
