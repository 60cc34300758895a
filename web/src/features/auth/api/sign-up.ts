import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const signUp = (input: { email: string; password: string }) => api('POST /api/auth/sign-up', { body: input });

export const useSignUp = () => useMutation({ mutationFn: signUp });
