import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) => api('POST /api/auth/password-reset', { body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const confirmPasswordReset = (input: { token: string; password: string }) =>
  api('POST /api/auth/password-reset/confirm', { body: input });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
