import { type FormEvent, useState } from 'react';
import { GROUP_LIMITS, GROUP_MESSAGES, groupInputErrors } from '../../../../../core/groups/rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { type Group, useCreateGroup, useUpdateGroup } from '../api/groups';

type GroupFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to rename; absent to create one. */
  group?: Group;
};

/** Create Group (001 §2), or rename one (admins, D18): name required, description optional (001 §5). */
export function GroupFormDialog({ open, onOpenChange, group }: GroupFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={group ? 'Edit Group' : 'Create Group'}
          description={group ? undefined : 'You will be the group admin. Invite up to five friends with a code.'}
        >
          <GroupForm group={group} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function GroupForm({ group, onDone }: { group?: Group; onDone: () => void }) {
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const pending = create.isPending || update.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = groupInputErrors({ name, description });
    if (found.length > 0) {
      setErrors(Object.fromEntries(found.map((e) => [e.path, e.message])));
      return;
    }
    const body = { name: name.trim(), description: description.trim() || null };
    const fallback = GROUP_MESSAGES.createFailed;
    const options = {
      onSuccess: () => {
        toast.success(group ? 'Group updated' : `${body.name} created`);
        onDone();
      },
      onError: (e: unknown) => toast.error(errorMessage(e, fallback)),
    };
    if (group) update.mutate({ groupId: group.id, ...body }, options);
    else create.mutate(body, options);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Group name"
        name="name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={errors.name}
        maxLength={GROUP_LIMITS.nameMax}
        autoComplete="off"
        required
      />
      <TextareaField
        label="Description (optional)"
        name="description"
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setErrors((x) => ({ ...x, description: undefined }));
        }}
        error={errors.description}
        max={GROUP_LIMITS.descriptionMax}
        rows={3}
        hint="Where you are looking, your budget, when you want to move."
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {group ? 'Save Changes' : 'Create Group'}
        </Button>
      </div>
    </form>
  );
}
