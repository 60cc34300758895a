import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { Plan } from '../../../../../core/billing/entitlements';
import { LIKE_MESSAGES } from '../../../../../core/likes/rules';
import { activeFilterCount, FILTER_MESSAGES } from '../../../../../core/matching/filters';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CompassIcon, HeartIcon, RefreshIcon, SlidersIcon, StarIcon, XIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import type { Candidate } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/hydrated';
import { problemToast } from '../../../lib/problem-toast';
import { toDeckRequest, useDeckFilters } from '../api/deck-filters';
import { removeFromDecks, useDeck } from '../api/get-deck';
import { refreshMostCompatible } from '../api/get-most-compatible';
import { type SwipeAction, useSwipe } from '../api/swipe';
import { DeckHints } from './deck-hints';
import { FiltersDialog } from './filters-dialog';
import { MatchDialog } from './match-dialog';
import { MostCompatibleCard } from './most-compatible-card';
import { SwipeCard, scoreOf } from './swipe-card';

// 000 §9: hints when a search brings fewer than 5 results.
const FEW_RESULTS = 5;

const SHORTCUTS: Record<string, SwipeAction> = { ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'super_like' };

/** Keys typed into a field, or meant for an open dialog, are not swipes. */
function shortcutBlocked(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (
    target?.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="combobox"], [role="listbox"], [role="tablist"], [role="menu"]',
    )
  )
    return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

type DiscoverScreenProps = {
  userId: string;
  /** Undefined while the plan loads: the deck waits, so the radius fits the plan (000 §4). */
  plan: Plan | undefined;
  /** `comparison` opens the profile dialog on the full comparison (issue 21). */
  onViewProfile: (userId: string, view?: 'profile' | 'comparison') => void;
  /** The student's own main photo, shown beside the match's in the match popup. */
  myPhotoUrl?: string | null;
  /** Send Message in the match popup: opens Messages for that conversation. */
  onSendMessage: (conversationId: string | null) => void;
  /** After a recorded swipe (e.g. to refresh the super likes left). */
  onSwiped?: (action: SwipeAction) => void;
  /** Extra controls in the toolbar (the boost control). */
  toolbar?: ReactNode;
  /** Below the deck (the upgrade promo card). */
  footer?: ReactNode;
};

type Match = { candidate: Candidate; conversationId: string | null; score: number; group?: boolean };

/**
 * The Discovery screen (001 §2, §4): one card at a time with pass, super like and like (buttons
 * and arrow keys), a remaining-profiles counter, the filters, the match popup, the empty state
 * with Check Again and the few-results hints. Only one swipe is in flight at a time.
 */
export function DiscoverScreen({
  userId,
  plan,
  onViewProfile,
  myPhotoUrl,
  onSendMessage,
  onSwiped,
  toolbar,
  footer,
}: DiscoverScreenProps) {
  const queryClient = useQueryClient();
  const filters = useDeckFilters(userId, plan);
  const request = plan && filters.ready ? toDeckRequest(filters.filters, plan) : null;
  const deck = useDeck(request);
  const swipeMutation = useSwipe();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<SwipeAction | null>(null);
  const [match, setMatch] = useState<Match | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once the deck has moved on: the same button on the next card (the card
  // remounts), or the next card's name / the empty state after a shortcut or the match popup.
  const focusAfterSwipe = useRef<SwipeAction | 'card' | null>(null);

  const candidates = deck.data?.candidates ?? [];
  const current = candidates[0];
  // The card on screen when Discover first renders is part of the page's first paint (its largest,
  // server-rendered with N220): it is shown as it is; the cards after it slide in.
  const [firstCard] = useState(() => current?.userId);
  const filterCount = plan && request ? activeFilterCount(request, plan) : 0;

  // Focus follows the deck after a swipe: the next card's name, or the empty state (WCAG 2.4.3).
  useEffect(() => {
    const target = focusAfterSwipe.current;
    if (!target || match) return;
    focusAfterSwipe.current = null;
    const button =
      target === 'card' || !current
        ? null
        : document.querySelector<HTMLButtonElement>(`[data-swipe-controls] [data-action="${target}"]`);
    (button ?? (current ? cardHeading.current : emptyHeading.current))?.focus();
  });

  const swipe = useCallback(
    (action: SwipeAction) => {
      const c = current;
      if (!c || inFlight.current) return;
      inFlight.current = true;
      setBusy(action);
      const keepFocusOnButton = !!document.activeElement?.closest('[data-swipe-controls]');
      swipeMutation.mutate(
        { targetUserId: c.userId, action },
        {
          onSuccess: (outcome) => {
            removeFromDecks(queryClient, c.userId);
            // The swiped student may be today's Most Compatible pick (issue 21).
            void refreshMostCompatible(queryClient);
            focusAfterSwipe.current = keepFocusOnButton ? action : 'card';
            const next = candidates[1];
            const then = next ? ` Next: ${next.name}.` : '';
            if (action === 'pass') setAnnouncement(`Passed on ${c.name}.${then}`);
            else if (outcome.isMatch) {
              setAnnouncement(`It's a Match with ${c.name}.`);
              setMatch({
                candidate: c,
                conversationId: outcome.conversationId,
                score: scoreOf(c),
                group: outcome.isGroupMatch,
              });
            } else {
              setAnnouncement(`Like sent.${then}`);
              toast.success('Like sent', {
                description: action === 'super_like' ? `${c.name} will see your Super Like.` : undefined,
              });
            }
            onSwiped?.(action);
          },
          onError: (error) => {
            // Someone already answered or gone: the card leaves the deck either way.
            if (isApiError(error) && (error.status === 404 || error.status === 409)) {
              removeFromDecks(queryClient, c.userId);
              focusAfterSwipe.current = keepFocusOnButton ? action : 'card';
            }
            problemToast(error, LIKE_MESSAGES.swipeFailed);
          },
          onSettled: () => {
            inFlight.current = false;
            setBusy(null);
          },
        },
      );
    },
    [current, candidates, swipeMutation, queryClient, onSwiped],
  );

  useEffect(() => {
    if (!current) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = SHORTCUTS[event.key];
      if (!action || shortcutBlocked(event)) return;
      event.preventDefault();
      swipe(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [current, swipe]);

  // D16: advanced filters sent for a plan that has lapsed: the server's "Premium Feature" toast.
  const deckError = deck.error;
  useEffect(() => {
    if (isApiError(deckError) && deckError.code === 'PREMIUM.REQUIRED')
      problemToast(deckError, FILTER_MESSAGES.premium);
  }, [deckError]);

  const checkAgain = () => void deck.refetch();
  const resultCount = deck.data?.resultCount ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <MostCompatibleCard onViewProfile={onViewProfile} />

      {/* Wraps rather than running off a phone when the boost countdown joins it (issue 17). */}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" className="px-3.5" onClick={() => setFiltersOpen(true)} disabled={!plan}>
          <SlidersIcon className="size-4" /> Filters
          {filterCount > 0 && (
            <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-pill bg-brand-700 px-1.5 text-xs font-bold text-white">
              {filterCount}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
        {deck.data && (
          <p className="order-last ml-auto text-sm font-semibold whitespace-nowrap text-ink-700 tabular-nums">
            {candidates.length} {candidates.length === 1 ? 'profile' : 'profiles'} left
          </p>
        )}
        {toolbar}
      </div>

      <p className="sr-only" role="status">
        {announcement}
      </p>

      {(deck.isPending || !plan) && !deck.isError && (
        <div className="flex aspect-[4/5] max-h-[min(52dvh,34rem)] flex-col items-center justify-center gap-3 rounded-card bg-white text-brand-700 shadow-card ring-1 ring-ink-200/70">
          <Spinner size="lg" label={null} />
          <p className="font-medium text-ink-600" role="status">
            Finding roommates near you…
          </p>
        </div>
      )}

      {deck.isError && (
        <Alert variant="destructive" title="Failed to load profiles">
          <p>Check your connection and try again.</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={checkAgain} loading={deck.isFetching}>
            Try again
          </Button>
        </Alert>
      )}

      {deck.data && !deck.isError && current && (
        <SwipeCard
          key={current.userId}
          ref={cardHeading}
          candidate={current}
          onViewProfile={() => onViewProfile(current.userId)}
          onCompare={() => onViewProfile(current.userId, 'comparison')}
          controls={<SwipeControls busy={busy} onSwipe={swipe} />}
          onDragSwipe={swipe}
          dragDisabled={busy !== null}
          entrance={current.userId !== firstCard}
        />
      )}

      {deck.data && !deck.isError && !current && (
        <section
          aria-labelledby="deck-empty"
          className="flex flex-col items-center gap-4 rounded-card bg-white px-6 py-10 text-center shadow-card ring-1 ring-ink-200/70"
        >
          <span className="flex size-16 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
            <CompassIcon className="size-8" />
          </span>
          <h2 id="deck-empty" ref={emptyHeading} tabIndex={-1} className="text-heading text-ink-900 outline-none">
            No new profiles right now
          </h2>
          <p className="max-w-sm text-ink-700">
            You've seen everyone who matches your filters. New students join every day.
          </p>
          <Button onClick={checkAgain} loading={deck.isFetching} loadingText="Checking…">
            <RefreshIcon className="size-4" /> Check Again
          </Button>
        </section>
      )}

      {deck.data && !deck.isError && resultCount < FEW_RESULTS && (
        <DeckHints
          showUpgrade={plan === 'free'}
          metroIncluded={filters.filters.includeMetroArea}
          onExpandRadius={() => setFiltersOpen(true)}
          onIncludeMetro={() => filters.apply({ ...filters.filters, includeMetroArea: true })}
        />
      )}

      {current && (
        <p className="hidden text-center text-xs text-ink-600 sm:block" id="swipe-shortcuts">
          Keyboard: <kbd className="font-sans font-semibold">←</kbd> pass ·{' '}
          <kbd className="font-sans font-semibold">↑</kbd> super like · <kbd className="font-sans font-semibold">→</kbd>{' '}
          like
        </p>
      )}

      {/* Below the card, so only once the deck has its size: else the card arriving pushes it down (issue 18, CLS). */}
      {(deck.data || deck.isError) && footer}

      {plan && (
        <FiltersDialog
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
          plan={plan}
          applied={filters.filters}
          onApply={filters.apply}
          onClear={filters.clear}
        />
      )}

      <MatchDialog
        match={match}
        myPhotoUrl={myPhotoUrl}
        onSendMessage={(conversationId) => {
          setMatch(null);
          onSendMessage(conversationId);
        }}
        onKeepSwiping={() => {
          setMatch(null);
          focusAfterSwipe.current = 'card';
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (cardHeading.current ?? emptyHeading.current)?.focus();
        }}
      />
    </div>
  );
}

const controlBase =
  'flex items-center justify-center rounded-full bg-white shadow-raised ring-1 ring-ink-200 transition-transform ' +
  'hover:scale-105 active:scale-95 motion-reduce:transition-none motion-reduce:hover:scale-100 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'aria-disabled:cursor-wait aria-disabled:opacity-60 aria-disabled:hover:scale-100';

/**
 * Pass, super like and like; aria-disabled (not disabled) while a swipe is in flight, so focus stays put,
 * and while the server's markup of the page waits for its JavaScript (N220): a tap then would do nothing,
 * so the buttons say they are not ready yet rather than drop it (N234).
 */
function SwipeControls({ busy, onSwipe }: { busy: SwipeAction | null; onSwipe: (a: SwipeAction) => void }) {
  const hydrated = useHydrated();
  const disabled = busy !== null || !hydrated;
  const buttons = [
    {
      action: 'pass' as const,
      label: 'Pass',
      key: 'ArrowLeft',
      icon: XIcon,
      size: 'size-16',
      tone: 'text-ink-700',
      iconSize: 'size-8',
    },
    {
      action: 'super_like' as const,
      label: 'Super like',
      key: 'ArrowUp',
      icon: StarIcon,
      size: 'size-13',
      tone: 'text-accent-600',
      iconSize: 'size-6',
    },
    {
      action: 'like' as const,
      label: 'Like',
      key: 'ArrowRight',
      icon: HeartIcon,
      size: 'size-16',
      tone: 'bg-brand-700! text-white ring-brand-700!',
      iconSize: 'size-8',
    },
  ];
  return (
    <div
      data-swipe-controls
      className="flex w-full items-center justify-center gap-4 border-b border-ink-200 bg-white py-3 md:rounded-br-card md:border-t md:border-b-0"
    >
      {buttons.map((b) => (
        <button
          key={b.action}
          type="button"
          data-action={b.action}
          aria-label={b.label}
          aria-keyshortcuts={b.key}
          aria-describedby="swipe-shortcuts"
          aria-disabled={disabled || undefined}
          aria-busy={busy === b.action || undefined}
          onClick={() => !disabled && onSwipe(b.action)}
          className={cn(controlBase, b.size, b.tone)}
        >
          {busy === b.action ? (
            <Spinner size="md" label={null} />
          ) : (
            <b.icon className={cn(b.iconSize, b.action === 'like' && 'fill-current')} />
          )}
        </button>
      ))}
    </div>
  );
}
