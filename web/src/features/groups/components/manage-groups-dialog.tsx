import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PlusIcon, UserIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useGroups, useSetMode } from '../api/groups';
import { GroupCard } from './group-card';
import { GroupFormDialog } from './group-form-dialog';
import { JoinGroupDialog } from './join-group-dialog';

type ManageGroupsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  myId: string;
  onChanged?: () => void;
};

/**
 * Manage Groups (001 §2, §4): the search mode, Create Group and Join Group, and a card per group.
 * Group mode is selectable only with an active group (000 §4).
 */
export function ManageGroupsDialog({ open, onOpenChange, myId, onChanged }: ManageGroupsDialogProps) {
  const groups = useGroups();
  const setMode = useSetMode(onChanged);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState(false);
  const state = groups.data;
  const active = state?.groups.find((g) => g.id === state.activeGroupId) ?? null;

  const choose = (mode: 'solo' | 'group') => {
    if (!state || mode === state.mode) return;
    setMode.mutate(
      { mode, activeGroupId: state.activeGroupId },
      { onError: (e) => toast.error(errorMessage(e, 'Failed to change mode')) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Manage Groups" description="Search for roommates on your own, or together as a group.">
        {groups.isPending ? (
          <div className="flex justify-center py-8 text-brand-700">
            <Spinner size="lg" label="Loading your groups" />
          </div>
        ) : groups.isError || !state ? (
          <Alert variant="destructive" title="We couldn't load your groups.">
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => void groups.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <div className="flex flex-col gap-5">
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink-900">Search mode</legend>
              <div className="grid grid-cols-2 gap-2">
                {(['solo', 'group'] as const).map((mode) => {
                  const disabled = mode === 'group' && !active;
                  return (
                    <label
                      key={mode}
                      className={cn(
                        'flex cursor-pointer flex-col rounded-2xl px-4 py-3 ring-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
                        state.mode === mode ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-ink-200',
                        disabled && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <input
                        type="radio"
                        name="search-mode"
                        value={mode}
                        className="sr-only"
                        checked={state.mode === mode}
                        disabled={disabled || setMode.isPending}
                        onChange={() => choose(mode)}
                      />
                      <span className="font-semibold text-ink-900">{mode === 'solo' ? 'Solo' : 'Group'}</span>
                      <span className="text-xs text-ink-600">
                        {mode === 'solo'
                          ? 'Matches for you'
                          : active
                            ? `With ${active.name}`
                            : 'Set a group active first'}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setCreating(true)}>
                <PlusIcon className="size-4" /> Create Group
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setJoining(true)}>
                Join Group
              </Button>
            </div>

            {state.groups.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-card bg-ink-50 px-6 py-8 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <UserIcon className="size-6" />
                </span>
                <h3 className="font-bold text-ink-900">No groups yet</h3>
                <p className="max-w-sm text-sm text-ink-600">
                  Create a group and share its invite code, or join a friend's group with theirs.
                </p>
              </div>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Your groups">
                {state.groups.map((g) => (
                  <GroupCard
                    key={g.id}
                    group={g}
                    myId={myId}
                    isActive={g.id === state.activeGroupId}
                    onChanged={onChanged}
                  />
                ))}
              </ul>
            )}
          </div>
        )}
        <GroupFormDialog open={creating} onOpenChange={setCreating} />
        <JoinGroupDialog open={joining} onOpenChange={setJoining} />
      </DialogContent>
    </Dialog>
  );
}
