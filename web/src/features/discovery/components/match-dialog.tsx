import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { ChatIcon, HeartIcon } from '../../../components/ui/icons';
import type { Candidate } from '../../../lib/api-types';
import { photoSources } from '../../../lib/photo';

type MatchDialogProps = {
  /** `group`: a group match (issue 20), its conversation holds everyone. */
  match: { candidate: Candidate; conversationId: string | null; score: number; group?: boolean } | null;
  /** The student's own main photo: both people are shown (issue 17). */
  myPhotoUrl?: string | null;
  onSendMessage: (conversationId: string | null) => void;
  onKeepSwiping: () => void;
  /** Where focus goes when the popup closes. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The match popup (001 §2): "It's a Match" with Send Message and Keep Swiping, as a modal dialog. */
export function MatchDialog({ match, myPhotoUrl, onSendMessage, onKeepSwiping, onCloseAutoFocus }: MatchDialogProps) {
  const c = match?.candidate;
  return (
    <DialogPrimitive.Root open={match !== null} onOpenChange={(open) => !open && onKeepSwiping()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-950/80 backdrop-blur-sm animate-fade-in" />
        <DialogPrimitive.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-5 rounded-card bg-white p-7 text-center shadow-raised animate-slide-up"
        >
          <div className="relative flex items-center justify-center">
            <Avatar url={myPhotoUrl ?? null} label="Your photo" className="-rotate-6" />
            <Avatar url={c?.profilePhotoUrl ?? null} label={c ? `${c.name}'s photo` : ''} className="-ml-5 rotate-6" />
            <span className="absolute -bottom-3 left-1/2 flex size-11 -translate-x-1/2 items-center justify-center rounded-full bg-accent-600 text-white shadow-card ring-4 ring-white">
              <HeartIcon className="size-6 fill-current" />
            </span>
          </div>
          <div className="flex flex-col gap-1.5">
            <DialogPrimitive.Title className="text-[2rem] leading-tight font-extrabold tracking-tight text-ink-900">
              {match?.group ? "It's a Group Match" : "It's a Match"}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-ink-700">
              {match?.group
                ? `${c?.group ? `You and ${c.group.name}` : `Your group and ${c?.name}`} liked each other. Everyone can chat together now.`
                : `You and ${c?.name} liked each other${match ? ` · ${match.score}% compatible` : ''}.`}
            </DialogPrimitive.Description>
          </div>
          <div className="flex w-full flex-col gap-2">
            <Button full size="lg" onClick={() => onSendMessage(match?.conversationId ?? null)}>
              <ChatIcon className="size-5" /> Send Message
            </Button>
            <Button full variant="ghost" onClick={onKeepSwiping}>
              Keep Swiping
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** One of the two round photos, or a heart where a photo is missing. */
function Avatar({ url, label, className }: { url: string | null; label: string; className: string }) {
  const base = `size-28 shrink-0 rounded-full ring-4 ring-white shadow-card ${className}`;
  return url ? (
    <img {...photoSources(url, '112px')} alt={label} className={`${base} object-cover`} />
  ) : (
    <span
      role="img"
      aria-label={label}
      className={`${base} flex items-center justify-center bg-brand-100 text-brand-800`}
    >
      <HeartIcon className="size-12" />
    </span>
  );
}
