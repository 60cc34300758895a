import { useId } from 'react';
import type { GroupCard } from '../lib/api-types';
import { photoSources } from '../lib/photo';
import { UsersIcon } from './ui/icons';

type GroupSummaryProps = {
  group: GroupCard;
  /** What the group did: "Searching as a group", "Liked you as a group". */
  title: string;
  className?: string;
};

const firstName = (name: string) => name.split(' ')[0] ?? name;

/**
 * A group as another student sees it (issue 20): its name, the group's compatibility with you
 * (the mean over its members) and each member with their own score. Shared by the deck card and
 * Who Liked You.
 */
export function GroupSummary({ group, title, className = '' }: GroupSummaryProps) {
  // Unique per card: two members of one group may both be in Who Liked You.
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl bg-brand-50/70 p-3 ring-1 ring-brand-200 ${className}`}
      data-testid="group-summary"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="flex min-w-0 items-center gap-1.5 text-sm font-bold text-ink-900">
          <UsersIcon className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">
            <span className="sr-only">{title}: </span>
            {group.name}
          </span>
        </h3>
        <p className="text-xs font-semibold text-brand-800">
          {group.compatibilityScore}% <span className="font-medium text-ink-700">group match</span>
        </p>
      </div>
      <p aria-hidden="true" className="mt-0.5 text-xs font-medium text-ink-600">
        {title}
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Members of ${group.name}`}>
        {group.members.map((m) => (
          <li
            key={m.userId}
            className="flex items-center gap-1.5 rounded-pill bg-white py-0.5 pr-2.5 pl-0.5 text-xs ring-1 ring-ink-200"
          >
            {m.profilePhotoUrl ? (
              <img {...photoSources(m.profilePhotoUrl, '24px')} alt="" className="size-6 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="size-6 rounded-full bg-brand-200" />
            )}
            <span className="font-semibold text-ink-900">{firstName(m.name)}</span>
            <span className="text-ink-700">
              {m.compatibilityScore}%<span className="sr-only"> compatible with you</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
