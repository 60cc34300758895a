import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendConfirmation = (email: string) => api('POST /api/auth/resend-confirmation', { body: { email } });

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
