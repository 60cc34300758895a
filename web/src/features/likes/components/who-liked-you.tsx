import type { UseQueryResult } from '@tanstack/react-query';
import { GroupSummary } from '../../../components/group-summary';
import { Alert } from '../../../components/ui/alert';
import { Button, LinkButton } from '../../../components/ui/button';
import { CrownIcon, HeartIcon, LockIcon, StarIcon, XIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { TrustBadges } from '../../../components/ui/trust-badges';
import { paths } from '../../../lib/paths';
import { photoSources } from '../../../lib/photo';
import { problemToast } from '../../../lib/problem-toast';
import { useAnswerLike } from '../api/answer-like';
import type { Liker, LikesReceived } from '../api/get-who-liked-me';

/** A grid cell's width for `sizes`: two columns on phones, three or four on larger screens. */
const GRID_CELL = '(min-width: 640px) 33vw, 50vw';

// The server sends at most this many for a free user to draw; the count says the rest.
const MAX_PLACEHOLDERS = 50;

type WhoLikedYouProps = { query: UseQueryResult<LikesReceived>; onViewProfile: (userId: string) => void };

/** Who Liked You (001 §2, D15): Gold sees profiles with Pass and Like Back; free users blurred placeholders. */
export function WhoLikedYou({ query, onViewProfile }: WhoLikedYouProps) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner size="lg" label="Loading likes" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" title="Failed to load likes">
        <Button variant="secondary" size="sm" className="mt-1" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { visible, count, likers } = query.data;
  if (!visible) return <BlurredLikes count={count} />;
  if (likers.length === 0) {
    return (
      <EmptyState
        title="No likes yet"
        body="When someone likes your profile, they'll show up here for you to like back."
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-ink-700">
        {likers.length} {likers.length === 1 ? 'person likes' : 'people like'} you. Like back to match.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {likers.map((liker) => (
          <li key={liker.userId}>
            <LikerCard liker={liker} onViewProfile={() => onViewProfile(liker.userId)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function LikerCard({ liker, onViewProfile }: { liker: Liker; onViewProfile: () => void }) {
  const answer = useAnswerLike();
  const headingId = `liker-${liker.userId}`;
  const busy = answer.isPending ? answer.variables?.answer : null;
  return (
    <article
      aria-labelledby={headingId}
      className="@container overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70"
    >
      <button
        type="button"
        onClick={onViewProfile}
        className="relative block aspect-[3/4] w-full overflow-hidden bg-gradient-to-br from-brand-600 to-brand-900 text-left"
      >
        {liker.profilePhotoUrl && (
          <img {...photoSources(liker.profilePhotoUrl, GRID_CELL)} alt="" className="size-full object-cover" />
        )}
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-ink-900/85 via-transparent to-transparent"
        />
        {liker.isSuperLike && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-pill bg-accent-600 px-2 py-0.5 text-[0.7rem] font-bold text-white">
            <StarIcon className="size-3" /> Super Like
          </span>
        )}
        <span className="absolute top-2 right-2 rounded-pill bg-white/95 px-2 py-0.5 text-xs font-extrabold text-brand-800">
          {liker.group ? liker.group.compatibilityScore : liker.compatibilityScore}%
        </span>
        <span className="absolute inset-x-0 bottom-0 p-3 text-white">
          <span id={headingId} className="block text-lg leading-tight font-bold break-words">
            {liker.name}
          </span>
          <span className="block text-xs text-white/90">{liker.university}</span>
          <TrustBadges badges={liker.badges} compact className="mt-1" />
          <span className="sr-only">, view profile</span>
        </span>
      </button>
      {liker.group && <GroupSummary group={liker.group} title="Liked you as a group" className="m-2.5 mb-0" />}
      <div className="flex flex-col-reverse gap-2 p-2.5 @[15rem]:flex-row">
        <Button
          variant="secondary"
          size="sm"
          className="w-full px-2 @[15rem]:flex-1"
          loading={busy === 'pass'}
          disabled={answer.isPending}
          onClick={() =>
            answer.mutate(
              { userId: liker.userId, answer: 'pass' },
              { onError: (error) => problemToast(error, 'Failed to pass') },
            )
          }
        >
          <XIcon className="size-4" /> Pass
        </Button>
        <Button
          size="sm"
          className="w-full px-2 @[15rem]:flex-1"
          loading={busy === 'like-back'}
          disabled={answer.isPending}
          onClick={() =>
            answer.mutate(
              { userId: liker.userId, answer: 'like-back' },
              {
                onSuccess: (outcome) =>
                  outcome.isGroupMatch && liker.group
                    ? toast.success("It's a Group Match", {
                        description: `You and ${liker.group.name} can all chat together in Messages.`,
                      })
                    : toast.success("It's a Match", { description: `You and ${liker.name} can start chatting.` }),
                onError: (error) => problemToast(error, 'Failed to like back'),
              },
            )
          }
        >
          <HeartIcon className="size-4" /> Like Back
        </Button>
      </div>
    </article>
  );
}

/** D15: a free user learns only how many; the cards are drawn, not photos. */
function BlurredLikes({ count }: { count: number }) {
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="likes-upgrade"
        className="flex flex-col gap-3 rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-5 shadow-card ring-1 ring-gold-300"
      >
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
            <CrownIcon className="size-6" />
          </span>
          <div>
            <h2 id="likes-upgrade" className="text-lg font-bold text-ink-900">
              {count === 0 ? 'See Who Liked You' : `${count} ${count === 1 ? 'person' : 'people'} liked you`}
            </h2>
            <p className="text-sm text-ink-700">Upgrade to Gold to see who they are and like them back.</p>
          </div>
        </div>
        <LinkButton to={paths.upgrade} variant="gold" className="self-start">
          <CrownIcon className="size-4" /> Upgrade to Gold
        </LinkButton>
      </section>
      {count > 0 ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label={`${count} hidden ${count === 1 ? 'like' : 'likes'}`}
        >
          {Array.from({ length: Math.min(count, MAX_PLACEHOLDERS) }, (_, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity (D15).
              key={i}
              data-testid="like-placeholder"
              className="relative aspect-[3/4] overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70"
            >
              <div
                aria-hidden="true"
                className={`absolute inset-0 scale-110 blur-xl ${PLACEHOLDER_TINTS[i % PLACEHOLDER_TINTS.length]}`}
              />
              <div aria-hidden="true" className="absolute inset-x-4 bottom-4 flex flex-col gap-1.5">
                <span className="h-3.5 w-2/3 rounded-pill bg-white/70" />
                <span className="h-2.5 w-1/2 rounded-pill bg-white/50" />
              </div>
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-11 items-center justify-center rounded-full bg-white/85 text-ink-800 shadow-card">
                  <LockIcon className="size-5" />
                  <span className="sr-only">Hidden like {i + 1}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No likes yet" body="When someone likes your profile, you'll see how many here." />
      )}
    </div>
  );
}

const PLACEHOLDER_TINTS = [
  'bg-gradient-to-br from-brand-300 via-accent-200 to-brand-600',
  'bg-gradient-to-br from-accent-300 via-gold-200 to-brand-400',
  'bg-gradient-to-br from-gold-300 via-brand-200 to-accent-400',
];

function EmptyState({ title, body }: { title: string; body: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card bg-white px-6 py-10 text-center shadow-card ring-1 ring-ink-200/70">
      <span className="flex size-14 items-center justify-center rounded-3xl bg-accent-50 text-accent-700">
        <HeartIcon className="size-7" />
      </span>
      <h2 className="text-heading text-ink-900">{title}</h2>
      <p className="max-w-sm text-ink-700">{body}</p>
    </div>
  );
}
