import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BanIcon } from '../../../components/ui/icons';
import { PageShell } from '../../../components/ui/page-shell';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../lib/paths';
import { type BlockedUser, useBlockedUsers, useUnblockUser } from '../api/blocks';
import { PersonPhoto } from '../components/person-photo';
import { useErrorToast } from '../lib/use-error-toast';

const blockedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** /blocked-users (001 §2): name and photo of each blocked person, with Unblock; an empty state. */
export function BlockedUsersRoute() {
  const blocked = useBlockedUsers();
  useErrorToast(blocked.isError, 'Failed to load blocked users.');
  return (
    <PageShell title="Blocked Users" back={{ to: paths.settings, label: 'Settings' }}>
      <p className="text-ink-700">
        People you block can't see you in discovery, like you or message you. Unblocking doesn't bring back a match or a
        conversation.
      </p>
      <div className="mt-6">
        {blocked.isPending ? (
          <div className="flex justify-center py-10 text-brand-700">
            <Spinner size="lg" label="Loading blocked users" />
          </div>
        ) : blocked.isError ? (
          <Alert variant="destructive" title="We couldn't load your blocked users.">
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => void blocked.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : blocked.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-white px-6 py-12 text-center shadow-card ring-1 ring-ink-200/70">
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <BanIcon className="size-7" />
            </span>
            <h2 className="text-lg font-bold text-ink-900">No blocked users</h2>
            <p className="max-w-sm text-sm text-ink-600">
              You can block someone from their profile or from your chat with them.
            </p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {blocked.data.map((person) => (
              <BlockedRow key={person.id} person={person} />
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  );
}

function BlockedRow({ person }: { person: BlockedUser }) {
  const unblock = useUnblockUser();
  return (
    <li className="flex items-center gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-200/70 sm:p-4">
      <PersonPhoto name={person.name} photoUrl={person.profilePhotoUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink-900">{person.name}</p>
        <p className="text-sm text-ink-600">Blocked {blockedOn(person.createdAt)}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={unblock.isPending}
        aria-label={`Unblock ${person.name}`}
        onClick={() =>
          unblock.mutate(person.id, {
            onSuccess: () => toast.success(`${person.name} has been unblocked`),
            onError: () => toast.error('Failed to unblock user. Please try again.'),
          })
        }
      >
        Unblock
      </Button>
    </li>
  );
}
