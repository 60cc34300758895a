import { forwardRef, type ReactNode } from 'react';
import { DEFAULT_SCORE } from '../../../../../core/matching/compatibility';
import { DECK_CARD_PHOTO_SIZES } from '../../../../../core/profiles/photo-type';
import { GroupSummary } from '../../../components/group-summary';
import { Button } from '../../../components/ui/button';
import {
  BoltIcon,
  CheckIcon,
  EyeIcon,
  GraduationIcon,
  MapPinIcon,
  SlidersIcon,
  StarIcon,
  UserIcon,
  WalletIcon,
} from '../../../components/ui/icons';
import { TrustBadges } from '../../../components/ui/trust-badges';
import type { Candidate } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';
import { budgetLabel } from '../../../lib/profile-labels';
import { CompatibilityRing } from './compatibility-ring';
import { useDragSwipe } from './use-drag-swipe';

/** 001 §7: a candidate with no compatibility score shows 75. */
export const scoreOf = (c: Candidate) =>
  typeof c.compatibilityScore === 'number' && Number.isFinite(c.compatibilityScore)
    ? Math.round(c.compatibilityScore)
    : DEFAULT_SCORE;

function distanceLabel(c: Candidate): string | null {
  if (c.isSameUniversity) return 'Same university';
  if (c.universityDistance === null) return c.isMetroArea ? 'Metro area' : null;
  return `${Math.round(c.universityDistance)} mi away`;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

type SwipeCardProps = {
  candidate: Candidate;
  onViewProfile: () => void;
  /** Opens the full comparison, every D12 factor side by side (issue 21). */
  onCompare?: () => void;
  /** Pass, super like and like: under the photo on phones, at the foot of the details column on wider screens. */
  controls?: ReactNode;
  /** Drag the photo sideways to like or pass (issue 17); the buttons and keys stay. */
  onDragSwipe?: (action: 'like' | 'pass') => void;
  dragDisabled?: boolean;
  /** Slides in (a card after a swipe); false for the card of the page's first paint (N223). */
  entrance?: boolean;
};

/**
 * One candidate (001 §2 Discovery): photo, name, major, class year, university, gender, budget
 * range, bio, one prompt answer, the compatibility percent and its top reasons (D12), and the
 * Super Liked You and Boosted badges. The heading takes focus after each swipe.
 */
export const SwipeCard = forwardRef<HTMLHeadingElement, SwipeCardProps>(function SwipeCard(
  { candidate: c, onViewProfile, onCompare, controls, onDragSwipe, dragDisabled = false, entrance = true },
  headingRef,
) {
  const drag = useDragSwipe((action) => onDragSwipe?.(action), dragDisabled || !onDragSwipe);
  const score = scoreOf(c);
  const budget = budgetLabel(c.minBudget, c.maxBudget);
  const distance = distanceLabel(c);
  const headingId = `candidate-${c.userId}`;
  const facts = [
    {
      icon: GraduationIcon,
      label: 'Major',
      value: [c.major, c.graduationYear ? `Class of ${c.graduationYear}` : null].filter(Boolean).join(' · '),
    },
    c.gender ? { icon: UserIcon, label: 'Gender', value: c.gender } : null,
    budget ? { icon: WalletIcon, label: 'Budget', value: `${budget} / mo` } : null,
  ].filter((f): f is NonNullable<typeof f> => f !== null);

  return (
    <article
      aria-labelledby={headingId}
      style={drag.style}
      className={cn(
        'flex flex-col rounded-card bg-white shadow-raised ring-1 ring-ink-200/70 transition-transform duration-200 ease-out motion-reduce:transition-none md:grid md:h-[clamp(24rem,calc(100dvh-21rem),34rem)] md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:grid-rows-[minmax(0,1fr)_auto] md:overflow-hidden lg:h-[clamp(26rem,calc(100dvh-18.5rem),40rem)] lg:grid-cols-[minmax(0,4fr)_minmax(0,5fr)]',
        entrance && 'animate-slide-up',
      )}
    >
      <div
        {...drag.handlers}
        data-drag-handle=""
        className="relative aspect-[4/5] max-h-[min(44dvh,34rem)] w-full cursor-grab touch-pan-y overflow-hidden rounded-t-card bg-gradient-to-br from-brand-600 to-brand-900 select-none active:cursor-grabbing md:row-span-2 md:aspect-auto md:h-full md:max-h-none md:rounded-none"
      >
        {drag.stamp && (
          <span
            aria-hidden="true"
            data-stamp={drag.stamp.action}
            style={{ opacity: drag.stamp.strength }}
            className={`pointer-events-none absolute top-16 z-20 rounded-lg border-4 px-3 py-1 text-3xl font-black tracking-widest uppercase ${
              drag.stamp.action === 'like'
                ? 'left-5 -rotate-12 border-success-700 bg-white/85 text-success-700'
                : 'right-5 rotate-12 border-accent-600 bg-white/85 text-accent-600'
            }`}
          >
            {drag.stamp.action === 'like' ? 'Like' : 'Pass'}
          </span>
        )}
        {c.profilePhotoUrl ? (
          <img
            {...photoSources(c.profilePhotoUrl, DECK_CARD_PHOTO_SIZES)}
            alt={c.name}
            // The top card's photo is Discover's largest paint: fetched first (issue 18), and on a server-rendered
            // page the web app's JavaScript is requested once it has painted (web/public/after-paint.js, N246).
            fetchPriority="high"
            {...{ elementtiming: 'deck-photo' }}
            draggable={false}
            className="size-full object-cover"
          />
        ) : (
          <div
            className="flex size-full items-center justify-center text-7xl font-extrabold text-white/85"
            aria-hidden="true"
          >
            {initials(c.name)}
          </div>
        )}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink-900/90 via-ink-900/25 to-transparent to-60%"
        />
        <div className="absolute top-3 left-3 flex flex-col items-start gap-2">
          {c.superLikedYou && (
            <span className="inline-flex items-center gap-1 rounded-pill bg-accent-600 px-3 py-1 text-xs font-bold text-white shadow-card">
              <StarIcon className="size-3.5" /> Super Liked You
            </span>
          )}
          {c.isBoosted && (
            <span className="inline-flex items-center gap-1 rounded-pill bg-gold-300 px-3 py-1 text-xs font-bold text-ink-900 shadow-card">
              <BoltIcon className="size-3.5" /> Boosted
            </span>
          )}
        </div>
        <CompatibilityRing score={score} className="absolute top-3 right-3 z-10" />
        <div className="absolute inset-x-0 bottom-0 p-5 text-white">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-[1.75rem] leading-tight font-extrabold tracking-tight outline-none drop-shadow"
          >
            {c.name}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-white/95">
            <MapPinIcon className="size-4 shrink-0" />
            <span className="truncate">{c.university}</span>
          </p>
          {distance && <p className="mt-0.5 pl-5.5 text-xs font-medium text-white/85">{distance}</p>}
          <TrustBadges badges={c.badges} className="mt-2" />
        </div>
      </div>

      {/* Phones: right under the photo, in the flow, so they never sit on the details. Wider: the
          foot of the details column. */}
      {controls && <div className="md:col-start-2 md:row-start-2">{controls}</div>}
      <div className="flex flex-col md:col-start-2 md:row-start-1 md:min-h-0">
        <div className="flex flex-col gap-4 p-5 md:flex-1 md:overflow-y-auto md:p-6">
          <dl className="flex flex-wrap gap-2">
            {facts.map((f) => (
              <div
                key={f.label}
                className="flex items-center gap-1.5 rounded-pill bg-ink-50 px-3 py-1.5 text-sm text-ink-800 ring-1 ring-ink-200"
              >
                <f.icon className="size-4 shrink-0 text-brand-700" />
                <dt className="sr-only">{f.label}</dt>
                <dd className="font-semibold">{f.value}</dd>
              </div>
            ))}
          </dl>

          {c.group && <GroupSummary group={c.group} title="Searching as a group" />}

          {c.reasons.length > 0 && (
            <section aria-labelledby={`${headingId}-why`}>
              <h3 id={`${headingId}-why`} className="text-xs font-bold tracking-wide text-ink-600 uppercase">
                Why you match
              </h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {c.reasons.map((reason) => (
                  <li
                    key={reason}
                    className="inline-flex items-center gap-1 rounded-pill bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
                  >
                    <CheckIcon className="size-4" /> {reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {/* Issue 21: the top reasons stay; one tap opens every factor side by side. */}
          {onCompare && (
            <button
              type="button"
              onClick={onCompare}
              className="-mt-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-pill px-1 text-sm font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              <SlidersIcon className="size-4" /> Compare all factors with {c.name.split(/\s+/)[0]}
            </button>
          )}

          {c.bio && <p className="whitespace-pre-line text-ink-800">{c.bio}</p>}

          {c.prompt && (
            <figure className="rounded-2xl border border-ink-200 bg-ink-50/60 p-4">
              <figcaption className="text-sm font-semibold text-brand-800">{c.prompt.promptText}</figcaption>
              <blockquote className="mt-1 text-lg leading-snug font-semibold text-ink-900">
                {c.prompt.response}
              </blockquote>
            </figure>
          )}

          <Button variant="secondary" onClick={onViewProfile} className="self-start">
            <EyeIcon className="size-4" /> View full profile
          </Button>
        </div>
      </div>
    </article>
  );
});
