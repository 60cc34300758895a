import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EmergencyContact, Endpoints } from '../../../lib/api-types';

export type ContactBody = Endpoints['POST /api/emergency-contacts']['body'];

export const contactKeys = { all: ['safety', 'emergency-contacts'] as const };

/** Your emergency contacts, primary first (the server's order). */
export const useEmergencyContacts = () =>
  useQuery({
    queryKey: contactKeys.all,
    queryFn: async () => (await api('GET /api/emergency-contacts')).contacts,
  });

function useContactMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** Adds a contact, or saves one when `id` is given. */
export const useSaveContact = () =>
  useContactMutation(({ id, ...body }: ContactBody & { id?: string }) =>
    id
      ? api('PUT /api/emergency-contacts/{contactId}', { params: { contactId: id }, body })
      : api('POST /api/emergency-contacts', { body }),
  );

export const useDeleteContact = () =>
  useContactMutation((contact: EmergencyContact) =>
    api('DELETE /api/emergency-contacts/{contactId}', { params: { contactId: contact.id } }),
  );

/** 001 §5: setting one primary unsets all others (on the server). */
export const useSetPrimaryContact = () =>
  useContactMutation((contact: EmergencyContact) =>
    api('POST /api/emergency-contacts/{contactId}/primary', { params: { contactId: contact.id } }),
  );
