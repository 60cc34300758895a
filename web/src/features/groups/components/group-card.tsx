import { useState } from 'react';
import { GROUP_LIMITS, GROUP_MESSAGES } from '../../../../../core/groups/rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CheckIcon, CrownIcon, PencilIcon, UserIcon, XIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';
import {
  type Group,
  type GroupMember,
  useDeleteGroup,
  useGenerateInviteCode,
  useLeaveGroup,
  useRemoveMember,
  useSetMode,
} from '../api/groups';
import { GroupFormDialog } from './group-form-dialog';

type GroupCardProps = {
  group: Group;
  myId: string;
  isActive: boolean;
  /** Called after a change that affects the deck (mode, membership). */
  onChanged?: () => void;
};

// Formatted when shown, not when the module loads: Discover's first load paid ≈100 ms of a 4× slowed
// CPU for the first Intl formatter of a cold browser (issue 18).
const validUntil = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

type Confirming = { title: string; body: string; action: string; run: () => void } | null;

/** A group card (001 §2): members with the admin's crown, Set Active / Deactivate, the invite code, leave. */
export function GroupCard({ group, myId, isActive, onChanged }: GroupCardProps) {
  const amAdmin = group.members.some((m) => m.userId === myId && m.role === 'admin');
  const setMode = useSetMode(onChanged);
  const generate = useGenerateInviteCode();
  const leave = useLeaveGroup(onChanged);
  const remove = useRemoveMember(onChanged);
  const destroy = useDeleteGroup(onChanged);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const full = group.members.length >= GROUP_LIMITS.maxMembers;

  const fail = (fallback: string) => (e: unknown) => toast.error(errorMessage(e, fallback));

  return (
    <li
      className={cn(
        'rounded-card bg-white p-4 shadow-card ring-1',
        isActive ? 'ring-2 ring-brand-500' : 'ring-ink-200/70',
      )}
      aria-label={group.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink-900">
            <span className="break-words">{group.name}</span>
            {isActive && (
              <span className="inline-flex items-center gap-1 rounded-pill bg-brand-50 px-2.5 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-brand-200">
                <CheckIcon className="size-3.5" /> Active
              </span>
            )}
          </h3>
          {group.description && <p className="mt-0.5 text-sm text-ink-600">{group.description}</p>}
        </div>
        <p className="text-sm text-ink-600">
          {group.members.length} of {GROUP_LIMITS.maxMembers} members
        </p>
      </div>

      <ul className="mt-3 flex flex-col gap-2" aria-label={`Members of ${group.name}`}>
        {group.members.map((m) => (
          <MemberRow
            key={m.userId}
            member={m}
            isMe={m.userId === myId}
            onRemove={
              amAdmin && m.userId !== myId
                ? () =>
                    setConfirming({
                      title: `Remove ${m.name}?`,
                      body: `${m.name} will leave ${group.name}. You can invite them again with a new code.`,
                      action: 'Remove',
                      run: () =>
                        remove.mutate(
                          { groupId: group.id, userId: m.userId },
                          {
                            onSuccess: () => toast.success(`${m.name} removed`),
                            onError: fail('Failed to remove member'),
                          },
                        ),
                    })
                : undefined
            }
            groupName={group.name}
          />
        ))}
      </ul>

      <div className="mt-4 rounded-2xl bg-ink-50 p-3">
        {group.inviteCode ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="text-xs font-semibold text-ink-600 uppercase">Invite code</p>
              <p className="font-mono text-xl font-bold tracking-[0.25em] text-ink-900">{group.inviteCode}</p>
              {group.inviteCodeExpiresAt && (
                <p className="text-xs text-ink-600">Valid until {validUntil(group.inviteCodeExpiresAt)}</p>
              )}
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  navigator.clipboard?.writeText(group.inviteCode ?? '').then(
                    () => toast.success('Invite code copied'),
                    () => toast.error('Could not copy. Select the code and copy it.'),
                  )
                }
              >
                Copy Code
              </Button>
              {amAdmin && (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={generate.isPending}
                  onClick={() => generate.mutate(group.id, { onError: fail(GROUP_MESSAGES.generateFailed) })}
                >
                  New Code
                </Button>
              )}
            </div>
          </div>
        ) : amAdmin ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink-700">
              {full ? 'The group is full.' : 'Invite friends with a code that works for 24 hours.'}
            </p>
            <Button
              size="sm"
              variant="secondary"
              disabled={full}
              loading={generate.isPending}
              onClick={() => generate.mutate(group.id, { onError: fail(GROUP_MESSAGES.generateFailed) })}
            >
              Generate Invite Code
            </Button>
          </div>
        ) : (
          <p className="text-sm text-ink-700">Ask the group admin for an invite code to bring a friend.</p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap gap-2 border-t border-ink-200/70 pt-3">
        {isActive ? (
          <Button
            variant="secondary"
            size="sm"
            loading={setMode.isPending}
            onClick={() =>
              setMode.mutate({ mode: 'solo', activeGroupId: null }, { onError: fail('Failed to update group') })
            }
          >
            Deactivate
          </Button>
        ) : (
          <Button
            size="sm"
            loading={setMode.isPending}
            onClick={() =>
              setMode.mutate(
                { mode: 'group', activeGroupId: group.id },
                {
                  onSuccess: () => toast.success(`Searching as ${group.name}`),
                  onError: fail('Failed to update group'),
                },
              )
            }
          >
            Set Active
          </Button>
        )}
        {amAdmin && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon className="size-4" /> Edit
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          onClick={() =>
            setConfirming({
              title: `Leave ${group.name}?`,
              body:
                group.members.length === 1
                  ? 'You are the last member: the group will be deleted.'
                  : amAdmin && group.members.filter((m) => m.role === 'admin').length === 1
                    ? 'The member who joined first after you becomes the admin.'
                    : 'You will need a new invite code to join again.',
              action: 'Leave Group',
              run: () =>
                leave.mutate(group.id, {
                  onSuccess: () => toast.success(`You left ${group.name}`),
                  onError: fail(GROUP_MESSAGES.leaveFailed),
                }),
            })
          }
        >
          Leave Group
        </Button>
        {amAdmin && (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger-700"
            onClick={() =>
              setConfirming({
                title: `Delete ${group.name}?`,
                body: 'Everyone leaves the group and it is gone for good.',
                action: 'Delete Group',
                run: () =>
                  destroy.mutate(group.id, {
                    onSuccess: () => toast.success(`${group.name} deleted`),
                    onError: fail('Failed to delete group'),
                  }),
              })
            }
          >
            Delete Group
          </Button>
        )}
      </div>

      <GroupFormDialog open={editing} onOpenChange={setEditing} group={group} />
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && (
          <DialogContent title={confirming.title} description={confirming.body}>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                onClick={() => {
                  confirming.run();
                  setConfirming(null);
                }}
              >
                {confirming.action}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </li>
  );
}

function MemberRow({
  member,
  isMe,
  groupName,
  onRemove,
}: {
  member: GroupMember;
  isMe: boolean;
  groupName: string;
  onRemove?: () => void;
}) {
  return (
    <li className="flex items-center gap-3">
      {member.profilePhotoUrl ? (
        <img
          {...photoSources(member.profilePhotoUrl, '40px')}
          alt=""
          className="size-10 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-100 text-ink-600">
          <UserIcon className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink-900">
          {member.name}
          {isMe && <span className="font-normal text-ink-600"> (you)</span>}
        </span>
        {member.role === 'admin' ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-gold-800">
            <CrownIcon className="size-3.5" /> Admin
          </span>
        ) : (
          <span className="text-xs text-ink-600">Member</span>
        )}
      </span>
      {onRemove && (
        <Button variant="ghost" size="sm" aria-label={`Remove ${member.name} from ${groupName}`} onClick={onRemove}>
          <XIcon className="size-4" />
        </Button>
      )}
    </li>
  );
}
