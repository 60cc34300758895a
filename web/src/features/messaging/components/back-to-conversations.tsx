import { ChevronLeftIcon } from '../../../components/ui/icons';

/** The chat header's way back to the list (1:1 and group chats alike). */
export function BackToConversations({ onBack }: { onBack: () => void }) {
  return (
    <button
      type="button"
      onClick={onBack}
      aria-label="Back to conversations"
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <ChevronLeftIcon className="size-6" />
    </button>
  );
}
