import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PhoneIcon, VideoIcon } from '../../../components/ui/icons';
import type { CallMedia } from '../api/call-session';
import { type CallPeer, useCalls } from './call-provider';

/** The chat header's call button and the Call dialog with Video Call and Voice Call (001 §2). */
export function CallButton({ peer }: { peer: CallPeer }) {
  const { startCall, busy } = useCalls();
  const [open, setOpen] = useState(false);
  const choose = (media: CallMedia) => {
    setOpen(false);
    void startCall(peer, media);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={busy}
        aria-label={`Call ${peer.name}`}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600 disabled:opacity-55"
      >
        <PhoneIcon className="size-5" />
      </button>
      <DialogContent title={`Call ${peer.name}`} description="Choose how to call.">
        <MediaChoices onChoose={choose} />
      </DialogContent>
    </Dialog>
  );
}

/** The Call dialog's two choices, Video Call and Voice Call (001 §2); group calls offer the same. */
export function MediaChoices({ onChoose }: { onChoose: (media: CallMedia) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {(
        [
          ['video', 'Video Call', VideoIcon],
          ['voice', 'Voice Call', PhoneIcon],
        ] as const
      ).map(([media, label, Icon]) => (
        <button
          key={media}
          type="button"
          onClick={() => onChoose(media)}
          className="flex flex-col items-center gap-2 rounded-2xl bg-brand-50 px-4 py-6 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <Icon className="size-8" />
          {label}
        </button>
      ))}
    </div>
  );
}
