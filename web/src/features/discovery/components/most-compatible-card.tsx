import { Button } from '../../../components/ui/button';
import { CheckIcon, EyeIcon, MapPinIcon, SparklesIcon } from '../../../components/ui/icons';
import { TrustBadges } from '../../../components/ui/trust-badges';
import { photoSources } from '../../../lib/photo';
import { type MostCompatiblePick, useMostCompatible } from '../api/get-most-compatible';

/** The photo's box: `size-18` (4.5rem), `sm:size-24` (6rem) from Tailwind's `sm` (40rem). */
const PICK_PHOTO_SIZES = '(min-width: 40rem) 6rem, 4.5rem';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

function whereLabel(p: MostCompatiblePick) {
  if (p.isSameUniversity) return p.university;
  if (p.universityDistance === null) return p.university;
  return `${p.university} · ${Math.round(p.universityDistance)} mi away`;
}

const shell =
  'relative overflow-hidden rounded-card bg-white shadow-card ring-1 ring-brand-200 before:absolute before:inset-x-0 before:top-0 before:h-1 before:bg-gradient-to-r before:from-brand-500 before:via-accent-500 before:to-brand-700';

function Eyebrow({ id }: { id: string }) {
  return (
    <h2 id={id} className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-brand-800 uppercase">
      <SparklesIcon className="size-4 shrink-0" /> Most Compatible today
    </h2>
  );
}

/**
 * Most Compatible today (issue 21): the student's pick from the day's stable matching of their
 * campus and nearby, with the top factors that agree. Nothing when there is no pick today.
 */
export function MostCompatibleCard({ onViewProfile }: { onViewProfile: (userId: string) => void }) {
  const today = useMostCompatible();

  if (today.isPending) {
    // The card's own shape, so the deck below does not jump when the pick arrives (CLS, issue 18).
    const bar = 'animate-pulse rounded bg-ink-100 motion-reduce:animate-none';
    return (
      <div
        aria-hidden="true"
        data-testid="most-compatible-loading"
        className={`${shell} grid grid-cols-1 gap-2.5 p-4 sm:gap-3 sm:p-5 md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-6`}
      >
        <div className={`h-4 w-48 ${bar} md:col-span-2`} />
        <div className="flex items-center gap-3.5 sm:gap-4">
          <div className={`size-18 shrink-0 rounded-2xl sm:size-24 ${bar}`} />
          <div className="flex flex-1 flex-col gap-2">
            <div className={`h-5 w-36 ${bar}`} />
            <div className={`h-3.5 w-52 max-w-full ${bar}`} />
            <div className={`h-3.5 w-40 ${bar}`} />
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5 sm:gap-2 md:col-start-1">
          {['w-40', 'w-48', 'w-56'].map((w) => (
            <div key={w} className={`h-6 rounded-pill sm:h-8 ${w} ${bar}`} />
          ))}
        </div>
        <div className={`h-9 w-36 rounded-pill md:col-start-2 md:row-start-2 md:self-center ${bar}`} />
      </div>
    );
  }
  // The deck below carries on without it: a failed or empty pick is not worth an error on Discover.
  if (today.isError || today.data.status === 'none') return null;

  if (today.data.status === 'answered' || !today.data.pick) {
    return (
      <section
        aria-labelledby="most-compatible-title"
        className={`${shell} flex flex-col gap-1 px-4 pt-4 pb-3.5 sm:px-5`}
      >
        <Eyebrow id="most-compatible-title" />
        <p className="text-sm text-ink-700">You've answered today's pick. A new one arrives tomorrow.</p>
      </section>
    );
  }

  const p = today.data.pick;
  return (
    <section
      aria-labelledby="most-compatible-title"
      aria-describedby="most-compatible-how"
      className={`${shell} grid grid-cols-1 gap-2.5 p-4 sm:gap-3 sm:p-5 md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-6`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 md:col-span-2">
        <Eyebrow id="most-compatible-title" />
        <p id="most-compatible-how" className="text-xs text-ink-600">
          Everyone nearby paired at once · new daily
        </p>
      </div>

      <div className="flex items-center gap-3.5 sm:gap-4 md:col-start-1 md:row-start-2">
        <div className="relative size-18 shrink-0 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 sm:size-24">
          {p.profilePhotoUrl ? (
            <img {...photoSources(p.profilePhotoUrl, PICK_PHOTO_SIZES)} alt="" className="size-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-full items-center justify-center text-2xl font-extrabold text-white/90"
            >
              {initials(p.name)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:gap-1">
          <div className="flex items-center gap-2.5">
            <h3 className="min-w-0 truncate text-lg leading-tight font-extrabold tracking-tight text-ink-900 sm:text-2xl">
              {p.name}
            </h3>
            <p className="shrink-0 rounded-pill bg-brand-700 px-2 py-0.5 text-sm font-extrabold text-white tabular-nums">
              {p.compatibilityScore}%<span className="sr-only"> compatible</span>
            </p>
          </div>
          <p className="flex items-center gap-1 text-sm text-ink-700">
            <MapPinIcon className="size-4 shrink-0 text-brand-700" />
            <span className="truncate">{whereLabel(p)}</span>
          </p>
          {(p.major || p.graduationYear) && (
            <p className="truncate text-sm text-ink-600">
              {[p.major, p.graduationYear ? `Class of ${p.graduationYear}` : null].filter(Boolean).join(' · ')}
            </p>
          )}
          <TrustBadges badges={p.badges} />
        </div>
      </div>

      {p.reasons.length > 0 && (
        <div className="md:col-start-1 md:row-start-3">
          <h4 id="most-compatible-why" className="sr-only">
            Why you two fit
          </h4>
          <ul aria-labelledby="most-compatible-why" className="flex flex-wrap gap-1.5 sm:gap-2">
            {p.reasons.map((reason) => (
              <li
                key={reason}
                className="inline-flex items-center gap-1 rounded-pill bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 sm:px-3 sm:py-1.5 sm:text-sm"
              >
                <CheckIcon className="size-3.5 shrink-0 sm:size-4" /> {reason}
              </li>
            ))}
          </ul>
        </div>
      )}

      {/* Phones: under the reasons; wide screens: beside the name, where the card has room. */}
      <div className="md:col-start-2 md:row-start-2 md:self-center">
        <Button variant="secondary" size="sm" onClick={() => onViewProfile(p.userId)}>
          <EyeIcon className="size-4" /> View profile<span className="sr-only"> of {p.name}</span>
        </Button>
      </div>
    </section>
  );
}
