import { type FormEvent, useState } from 'react';
import { GROUP_LIMITS, GROUP_MESSAGES, inviteCodeErrors, normalizeInviteCode } from '../../../../../core/groups/rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useJoinGroup } from '../api/groups';

/** Join Group (001 §2, §5): the code is required, upper-cased as you type, at most 6 characters. */
export function JoinGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="Join Group"
          description="Enter the 6-character invite code a group admin shared with you."
        >
          <JoinForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function JoinForm({ onDone }: { onDone: () => void }) {
  const join = useJoinGroup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = inviteCodeErrors(code);
    if (found[0]) {
      setError(found[0].message);
      return;
    }
    join.mutate(normalizeInviteCode(code), {
      onSuccess: ({ group }) => {
        toast.success(`You joined ${group.name}`);
        onDone();
      },
      onError: (e) => setError(errorMessage(e, GROUP_MESSAGES.joinFailed)),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Invite code"
        name="inviteCode"
        value={code}
        onChange={(e) => {
          setCode(e.target.value.toUpperCase().slice(0, GROUP_LIMITS.inviteCodeLength));
          setError(undefined);
        }}
        error={error}
        maxLength={GROUP_LIMITS.inviteCodeLength}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
        required
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={join.isPending}>
          Join Group
        </Button>
      </div>
    </form>
  );
}
