import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type EmailChangeBody = Endpoints['POST /api/me/email']['body'];

/**
 * Asks to move the account to a new .edu address (issue 16 §1): a link goes to the new address;
 * nothing changes until it is opened. The server answers the same whether or not the address is free.
 */
export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeBody) => api('POST /api/me/email', { body }) });
