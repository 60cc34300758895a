import { Link } from 'react-router-dom';
import { FileTextIcon } from '../../../components/ui/icons';
import { roommateAgreementPath } from '../../../lib/paths';

/** The chat header's way to the conversation's roommate agreement (issue 21; composed in app/). */
export function AgreementLink({ conversationId }: { conversationId: string }) {
  return (
    <Link
      to={roommateAgreementPath(conversationId)}
      aria-label="Roommate agreement"
      title="Roommate agreement"
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <FileTextIcon className="size-5" />
    </Link>
  );
}
