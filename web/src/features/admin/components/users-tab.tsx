import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SearchIcon } from '../../../components/ui/icons';
import { Input, Label } from '../../../components/ui/input';
import type { AdminUser } from '../api/admin-keys';
import { useAdminUsers, useSetAccountStatus } from '../api/users';
import { Badge, formatDate, humanize, statusTone } from './badge';
import { Loading } from './reports-tab';

/** User Management: search by e-mail or name; suspend or reactivate with a confirmation. */
export function UsersTab() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };

  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <div>
        <h2 id="users-title" className="text-heading text-ink-900">
          Users
        </h2>
        <p className="text-sm text-ink-600">Find an account by e-mail or name.</p>
      </div>
      <search>
        <form onSubmit={search} className="flex flex-col gap-1.5">
          <Label htmlFor="admin-user-search">Search users</Label>
          <div className="flex gap-2">
            <Input
              id="admin-user-search"
              type="search"
              value={draft}
              maxLength={200}
              placeholder="name@university.edu or a name"
              onChange={(e) => setDraft(e.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="primary" loading={users.isFetching && q === draft.trim()}>
              <SearchIcon className="size-4" />
              Search
            </Button>
          </div>
        </form>
      </search>

      {users.isPending ? (
        <Loading label="Loading users…" />
      ) : users.isError ? (
        <Alert variant="destructive" title="We couldn't load users">
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : users.data.length === 0 ? (
        <p role="status" className="rounded-card border border-dashed border-ink-300 p-8 text-center text-ink-600">
          {q ? `No users match “${q}”.` : 'No users yet.'}
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-ink-600">
            {users.data.length === 1 ? '1 user' : `${users.data.length} users`}
            {q ? ` matching “${q}”` : ''}
          </p>
          <ul className="flex flex-col divide-y divide-ink-200/70 rounded-card border border-ink-200/70 bg-white shadow-card">
            {users.data.map((user) => (
              <li key={user.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-bold text-ink-900">{user.name ?? 'No profile yet'}</p>
                  <p className="break-all text-sm text-ink-700">{user.email}</p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-ink-600">
                    <Badge tone={statusTone(user.status)}>{humanize(user.status)}</Badge>
                    <span>
                      Joined <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </span>
                  </div>
                </div>
                {user.status === 'active' ? (
                  <Button variant="secondary" size="sm" className="self-start" onClick={() => setConfirming(user)}>
                    Suspend<span className="sr-only"> {user.name ?? user.email}</span>
                  </Button>
                ) : user.status === 'suspended' ? (
                  <Button variant="secondary" size="sm" className="self-start" onClick={() => setConfirming(user)}>
                    Unsuspend<span className="sr-only"> {user.name ?? user.email}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmStatus user={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

function ConfirmStatus({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const setStatus = useSetAccountStatus();
  const suspending = user?.status === 'active';
  const label = user ? (user.name ?? user.email) : '';
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title={suspending ? `Suspend ${label}?` : `Unsuspend ${label}?`}
          description={
            suspending
              ? 'They are signed out everywhere and hidden from discovery until you unsuspend them.'
              : 'They can sign in again and appear in discovery.'
          }
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant={suspending ? 'destructive' : 'primary'}
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate(
                  { userId: user.id, accountStatus: suspending ? 'suspended' : 'active', label },
                  { onSuccess: onClose },
                )
              }
            >
              {suspending ? 'Suspend account' : 'Unsuspend account'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
