import { useMutation } from '@tanstack/react-query';
import type { PendingAgreement } from '../../../../../core/accounts/rules';
import { api } from '../../../lib/api-client';

export const saveAgreement = (agreement: PendingAgreement) => api('POST /api/agreements', { body: agreement });

export const useSaveAgreement = () => useMutation({ mutationFn: saveAgreement });
