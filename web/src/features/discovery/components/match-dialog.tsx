import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { ChatIcon, HeartIcon } from '../../../components/ui/icons';
import type { Candidate } from '../../../lib/api-types';

type MatchDialogProps = {
  match: { candidate: Candidate; conversationId: string | null; score: number } | null;
  onSendMessage: (conversationId: string | null) => void;
  onKeepSwiping: () => void;
  /** Where focus goes when the popup closes. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The match popup (001 §2): "It's a Match" with Send Message and Keep Swiping, as a modal dialog. */
export function MatchDialog({ match, onSendMessage, onKeepSwiping, onCloseAutoFocus }: MatchDialogProps) {
  const c = match?.candidate;
  return (
    <DialogPrimitive.Root open={match !== null} onOpenChange={(open) => !open && onKeepSwiping()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-950/80 backdrop-blur-sm animate-fade-in" />
        <DialogPrimitive.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-5 rounded-card bg-white p-7 text-center shadow-raised animate-slide-up"
        >
          <div className="relative">
            {c?.profilePhotoUrl ? (
              <img
                src={c.profilePhotoUrl}
                alt=""
                className="size-28 rounded-full object-cover ring-4 ring-accent-300 ring-offset-4"
              />
            ) : (
              <span className="flex size-28 items-center justify-center rounded-full bg-brand-100 text-brand-800 ring-4 ring-accent-300 ring-offset-4">
                <HeartIcon className="size-12" />
              </span>
            )}
            <span className="absolute -right-2 -bottom-2 flex size-11 items-center justify-center rounded-full bg-accent-600 text-white shadow-card">
              <HeartIcon className="size-6 fill-current" />
            </span>
          </div>
          <div className="flex flex-col gap-1.5">
            <DialogPrimitive.Title className="text-[2rem] leading-tight font-extrabold tracking-tight text-ink-900">
              It's a Match
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-ink-700">
              You and {c?.name} liked each other
              {match ? ` · ${match.score}% compatible` : ''}.
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
