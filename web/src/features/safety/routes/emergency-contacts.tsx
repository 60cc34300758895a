import { useState } from 'react';
import { formatPhone } from '../../../../../core/safety/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PencilIcon, PhoneIcon, PlusIcon, StarIcon, TrashIcon } from '../../../components/ui/icons';
import { PageShell } from '../../../components/ui/page-shell';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import type { EmergencyContact } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { useDeleteContact, useEmergencyContacts, useSetPrimaryContact } from '../api/emergency-contacts';
import { ContactForm } from '../components/contact-form';
import { useErrorToast } from '../lib/use-error-toast';

type Editing = { contact?: EmergencyContact } | null;

/**
 * /emergency-contact (001 §2, §5): contacts primary first, add and edit, delete with confirmation,
 * Set as primary. The first contact becomes primary (on the server).
 */
export function EmergencyContactsRoute() {
  const contacts = useEmergencyContacts();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<EmergencyContact | null>(null);
  useErrorToast(contacts.isError, 'Failed to load emergency contacts.');
  const list = contacts.data ?? [];

  return (
    <PageShell title="Emergency Contacts" back={{ to: paths.settings, label: 'Settings' }}>
      <p className="text-ink-700">
        The people to reach if something goes wrong when you meet a roommate or view a place. Your primary contact comes
        first. In an emergency, call 911.
      </p>
      <div className="mt-6 flex flex-col gap-4">
        {contacts.isSuccess && (
          <Button className="self-start" onClick={() => setEditing({})}>
            <PlusIcon className="size-4" /> Add Contact
          </Button>
        )}
        {contacts.isPending ? (
          <div className="flex justify-center py-10 text-brand-700">
            <Spinner size="lg" label="Loading emergency contacts" />
          </div>
        ) : contacts.isError ? (
          <Alert variant="destructive" title="We couldn't load your emergency contacts.">
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => void contacts.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-white px-6 py-12 text-center shadow-card ring-1 ring-ink-200/70">
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <PhoneIcon className="size-7" />
            </span>
            <h2 className="text-lg font-bold text-ink-900">No emergency contacts yet</h2>
            <p className="max-w-sm text-sm text-ink-600">The first contact you add becomes your primary contact.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Your emergency contacts">
            {list.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                onEdit={() => setEditing({ contact })}
                onDelete={() => setDeleting(contact)}
              />
            ))}
          </ul>
        )}
      </div>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && (
          <DialogContent
            title={editing.contact ? 'Edit Contact' : 'Add Emergency Contact'}
            description={
              editing.contact
                ? undefined
                : list.length === 0
                  ? 'Your first contact becomes your primary contact.'
                  : undefined
            }
          >
            <ContactForm contact={editing.contact} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
          </DialogContent>
        )}
      </Dialog>
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
    </PageShell>
  );
}

function ContactRow({
  contact,
  onEdit,
  onDelete,
}: {
  contact: EmergencyContact;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const primary = useSetPrimaryContact();
  return (
    <li className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/70">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
            <span className="truncate">{contact.name}</span>
            {contact.isPrimary && (
              <span className="inline-flex items-center gap-1 rounded-pill bg-brand-50 px-2.5 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-brand-200">
                <StarIcon className="size-3.5" /> Primary
              </span>
            )}
          </p>
          <p className="text-sm text-ink-600">{contact.relationship}</p>
        </div>
        <a
          href={`tel:${contact.phone}`}
          className="inline-flex items-center gap-1.5 rounded-pill text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <PhoneIcon className="size-4" /> {formatPhone(contact.phone)}
        </a>
      </div>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-ink-200/70 pt-3">
        {!contact.isPrimary && (
          <Button
            variant="secondary"
            size="sm"
            loading={primary.isPending}
            aria-label={`Set ${contact.name} as primary`}
            onClick={() =>
              primary.mutate(contact, {
                onSuccess: () => toast.success(`${contact.name} is now your primary contact`),
                onError: () => toast.error('Failed to update primary contact. Please try again.'),
              })
            }
          >
            <StarIcon className="size-4" /> Set as primary
          </Button>
        )}
        <Button variant="ghost" size="sm" aria-label={`Edit ${contact.name}`} onClick={onEdit}>
          <PencilIcon className="size-4" /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          aria-label={`Delete ${contact.name}`}
          onClick={onDelete}
        >
          <TrashIcon className="size-4" /> Delete
        </Button>
      </div>
    </li>
  );
}

function DeleteContactDialog({ contact, onClose }: { contact: EmergencyContact | null; onClose: () => void }) {
  const remove = useDeleteContact();
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onClose()}>
      {contact && (
        <DialogContent
          title={`Delete ${contact.name}?`}
          description={
            contact.isPrimary
              ? 'This is your primary contact. Set another contact as primary afterwards.'
              : 'They will no longer be one of your emergency contacts.'
          }
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(contact, {
                  onSuccess: () => {
                    toast.success('Emergency contact deleted');
                    onClose();
                  },
                  onError: () => toast.error('Failed to delete emergency contact. Please try again.'),
                })
              }
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
