import { type KeyboardEvent, useState } from 'react';
import { cn } from '../../lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

type PhotoCarouselProps = {
  /** Photos in order; the alt text describes each for screen readers. */
  photos: ReadonlyArray<{ url: string; alt: string }>;
  label: string;
  className?: string;
  /** Hides the thumbnail strip (small spaces). */
  thumbnails?: boolean;
};

const arrowClasses =
  'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-card ' +
  'hover:bg-white disabled:opacity-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * A photo gallery with previous/next buttons, arrow-key navigation and a thumbnail strip
 * (WAI-ARIA carousel pattern: a labelled region, slides announced as "n of m").
 */
export function PhotoCarousel({ photos, label, className, thumbnails = true }: PhotoCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = photos.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const photo = photos[current];
  if (!photo) return null;

  const go = (next: number) => setIndex(Math.max(0, Math.min(count - 1, next)));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('flex flex-col gap-3', className)}
      onKeyDown={onKeyDown}
    >
      <div className="relative overflow-hidden rounded-card bg-ink-100">
        {/* biome-ignore lint/a11y/useSemanticElements: a slide is a group with a role description (WAI-ARIA APG carousel), not a form fieldset. */}
        <div aria-roledescription="slide" aria-label={`${current + 1} of ${count}`} role="group">
          <img src={photo.url} alt={photo.alt} className="aspect-[4/5] w-full object-cover" />
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className={cn(arrowClasses, 'left-3')}
              onClick={() => go(current - 1)}
              disabled={current === 0}
              aria-label="Previous photo"
            >
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              className={cn(arrowClasses, 'right-3')}
              onClick={() => go(current + 1)}
              disabled={current === count - 1}
              aria-label="Next photo"
            >
              <ChevronRightIcon className="size-5" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-pill bg-ink-900/75 px-2.5 py-1 text-xs font-semibold text-white">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {thumbnails && count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((p, i) => (
            <li key={p.url} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === current ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-xl ring-2 ring-offset-2 transition',
                  i === current ? 'ring-brand-600' : 'ring-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img src={p.url} alt="" className="size-14 object-cover sm:size-16" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
