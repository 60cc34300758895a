import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PhoneIcon, VideoIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';
import type { CallMedia } from '../api/call-session';
import { MediaChoices } from './call-button';
import { liveGroupCallKey, useCalls } from './call-provider';

/**
 * A group chat's call control (issue 20): "Join call" while the conversation's call is live,
 * otherwise the call button and the Call dialog with Video Call and Voice Call (001 §2).
 */
export function GroupCallButton({ conversationId }: { conversationId: string }) {
  const { startGroupCall, joinGroupCall, busy, inGroupCall } = useCalls();
  const [open, setOpen] = useState(false);
  const live = useQuery({
    queryKey: liveGroupCallKey(conversationId),
    queryFn: async () =>
      (await api('GET /api/conversations/{conversationId}/call', { params: { conversationId } })).call,
    staleTime: 30_000,
  });
  const call = live.data ?? null;
  const here = inGroupCall === conversationId;

  if (call && !here) {
    const n = call.participantIds.length;
    return (
      <button
        type="button"
        onClick={() => void joinGroupCall(conversationId, call)}
        disabled={busy}
        className="flex h-10 shrink-0 items-center gap-1.5 rounded-full bg-success-700 px-3.5 text-sm font-bold text-white hover:opacity-90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-55"
      >
        {call.media === 'video' ? <VideoIcon className="size-4" /> : <PhoneIcon className="size-4" />}
        Join<span className="max-sm:sr-only"> call</span>
        <span className="sr-only">
          , {n} {n === 1 ? 'person' : 'people'} in it
        </span>
        <span aria-hidden="true" className="rounded-full bg-white/25 px-1.5 text-xs tabular-nums">
          {n}
        </span>
      </button>
    );
  }

  const choose = (media: CallMedia) => {
    setOpen(false);
    void startGroupCall(conversationId, media);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={busy}
        aria-label="Call the group"
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600 disabled:opacity-55"
      >
        <PhoneIcon className="size-5" />
      </button>
      <DialogContent title="Call the group" description="Everyone in this chat can join, up to 4 people at once.">
        <MediaChoices onChoose={choose} />
      </DialogContent>
    </Dialog>
  );
}
