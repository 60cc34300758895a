import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client';
import type { PoseChallenge, TrustStatus } from '../../../lib/api-types';

export const verificationKeys = { trust: ['verification', 'trust'] as const };

/** Your trust card (issue 16): e-mail, school, photo verification and tries left today. */
export const useTrustStatus = () =>
  useQuery({
    queryKey: verificationKeys.trust,
    queryFn: async () => (await api('GET /api/verification')).trust,
  });

/** Draws a pose on the server, or gives back the one still open (a new one spends one of 3 daily tries). */
export const startChallenge = async (): Promise<PoseChallenge> =>
  (await api('POST /api/verification/challenge')).challenge;

/** Sends the captured frame for the drawn pose; the answer is the trust card with the selfie pending. */
export const submitSelfie = async (challengeId: string, selfie: Blob): Promise<TrustStatus> =>
  (
    await apiUpload('POST /api/verification/selfie', {
      challengeId,
      selfie: new File([selfie], 'selfie.jpg', { type: selfie.type || 'image/jpeg' }),
    })
  ).trust;

export function useSetTrust() {
  const queryClient = useQueryClient();
  return (trust: TrustStatus) => queryClient.setQueryData(verificationKeys.trust, trust);
}
