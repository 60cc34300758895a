import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChatIcon, CompassIcon, MapPinIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { TrustBadges } from '../../../components/ui/trust-badges';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';
import type { MatchRow } from '../api/get-matches';

/** A grid cell's width for `sizes`: two columns on phones, three on larger screens. */
const GRID_CELL = '(min-width: 640px) 33vw, 50vw';

type MatchesListProps = {
  query: UseQueryResult<MatchRow[]>;
  onStartChat: (conversationId: string) => void;
  onViewProfile: (userId: string) => void;
  onDiscover: () => void;
};

/** Your Matches (001 §2): the count, then one large card or a grid, each with Start Chat. */
export function MatchesList({ query, onStartChat, onViewProfile, onDiscover }: MatchesListProps) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner size="lg" label="Loading matches" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" title="Failed to load your matches">
        <Button variant="secondary" size="sm" className="mt-1" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const matches = query.data;
  if (matches.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card bg-white px-6 py-10 text-center shadow-card ring-1 ring-ink-200/70">
        <span className="flex size-14 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
          <CompassIcon className="size-7" />
        </span>
        <h2 className="text-heading text-ink-900">No matches yet</h2>
        <p className="max-w-sm text-ink-700">
          When you and someone like each other, you'll match and can start chatting.
        </p>
        <Button onClick={onDiscover}>Keep Swiping</Button>
      </div>
    );
  }
  const single = matches.length === 1;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-ink-700">
        {matches.length} {single ? 'match' : 'matches'}
      </p>
      <ul className={cn('grid gap-3', single ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-3')}>
        {matches.map((m) => (
          <li key={m.userId}>
            <MatchCard match={m} large={single} onStartChat={onStartChat} onViewProfile={onViewProfile} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MatchCard({
  match: m,
  large,
  onStartChat,
  onViewProfile,
}: {
  match: MatchRow;
  large: boolean;
  onStartChat: (conversationId: string) => void;
  onViewProfile: (userId: string) => void;
}) {
  const headingId = `match-${m.userId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70"
    >
      <button
        type="button"
        onClick={() => onViewProfile(m.userId)}
        className={cn(
          'relative block w-full overflow-hidden bg-gradient-to-br from-brand-600 to-brand-900 text-left',
          large ? 'aspect-[4/3] sm:aspect-[16/9]' : 'aspect-[3/4]',
        )}
      >
        {m.profilePhotoUrl && (
          <img {...photoSources(m.profilePhotoUrl, GRID_CELL)} alt="" className="size-full object-cover" />
        )}
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-ink-900/85 via-transparent to-transparent"
        />
        <span className="absolute top-2.5 right-2.5 rounded-pill bg-white/95 px-2.5 py-0.5 text-xs font-extrabold text-brand-800">
          {m.compatibilityScore}% match
        </span>
        <span className={cn('absolute inset-x-0 bottom-0 text-white', large ? 'p-5' : 'p-3')}>
          <span
            id={headingId}
            className={cn(
              'block truncate leading-tight font-bold',
              large ? 'text-[1.75rem] font-extrabold' : 'text-lg',
            )}
          >
            {m.name}
          </span>
          <span className="mt-0.5 flex items-center gap-1 truncate text-xs text-white/90">
            <MapPinIcon className="size-3.5 shrink-0" />
            <span className="truncate">{m.university}</span>
          </span>
          <TrustBadges badges={m.badges} compact={!large} className="mt-1" />
          <span className="sr-only">, view profile</span>
        </span>
      </button>
      <div className={cn('flex flex-col gap-2', large ? 'p-5' : 'p-2.5')}>
        {large && (
          <p className="text-sm text-ink-700">
            {[m.major, m.graduationYear ? `Class of ${m.graduationYear}` : null].filter(Boolean).join(' · ')}
          </p>
        )}
        {large && m.bio && <p className="line-clamp-3 text-ink-800">{m.bio}</p>}
        <Button size={large ? 'md' : 'sm'} full onClick={() => onStartChat(m.conversationId)}>
          <ChatIcon className="size-4" /> Start Chat
        </Button>
      </div>
    </article>
  );
}
