import { useState } from 'react';
import { activeGroupName, useGroups } from '../api/groups';
import { ManageGroupsDialog } from './manage-groups-dialog';

/**
 * The mode chip on Discover (001 §2): "Solo", or "Group · name". It opens Manage Groups, where the
 * mode is switched and groups are created, joined and managed.
 */
export function ModeChip({ myId, onChanged }: { myId: string; onChanged?: () => void }) {
  const groups = useGroups();
  const [open, setOpen] = useState(false);
  const name = activeGroupName(groups.data);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="min-w-0 max-w-[11rem] truncate rounded-pill bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:max-w-xs"
      >
        <span className="sr-only">Search mode: </span>
        <span>{name ? `Group · ${name}` : 'Solo'}</span>
        <span className="sr-only">. Manage Groups</span>
      </button>
      <ManageGroupsDialog open={open} onOpenChange={setOpen} myId={myId} onChanged={onChanged} />
    </>
  );
}
