import { Button, LinkButton } from '../../../components/ui/button';
import { CrownIcon, MapPinIcon, SlidersIcon } from '../../../components/ui/icons';
import { paths } from '../../../lib/paths';

type DeckHintsProps = {
  showUpgrade: boolean;
  metroIncluded: boolean;
  onExpandRadius: () => void;
  onIncludeMetro: () => void;
};

const row = 'flex items-center justify-between gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-ink-200';

/** 000 §9: with fewer than 5 results, ways to see more: expand radius, include metro area, upgrade (named Gold, issue 17). */
export function DeckHints({ showUpgrade, metroIncluded, onExpandRadius, onIncludeMetro }: DeckHintsProps) {
  return (
    <section aria-labelledby="deck-hints-title" className="flex flex-col gap-2">
      <h2 id="deck-hints-title" className="text-sm font-bold text-ink-800">
        Want to see more students?
      </h2>
      <ul className="flex flex-col gap-2">
        <li className={row}>
          <span className="flex items-center gap-2 text-sm font-semibold text-ink-800">
            <SlidersIcon className="size-5 text-brand-700" /> Expand your search radius
          </span>
          <Button variant="secondary" size="sm" onClick={onExpandRadius}>
            Adjust
          </Button>
        </li>
        <li className={row}>
          <span className="flex items-center gap-2 text-sm font-semibold text-ink-800">
            <MapPinIcon className="size-5 text-brand-700" /> Include the metro area
          </span>
          {metroIncluded ? (
            <span className="px-2 text-sm font-semibold text-success-700">On</span>
          ) : (
            <Button variant="secondary" size="sm" onClick={onIncludeMetro}>
              Include
            </Button>
          )}
        </li>
        {showUpgrade && (
          <li className={row}>
            <span className="flex items-center gap-2 text-sm font-semibold text-ink-800">
              <CrownIcon className="size-5 text-gold-800" /> Upgrade to Gold
            </span>
            <LinkButton to={paths.upgrade} variant="gold" size="sm">
              Upgrade
            </LinkButton>
          </li>
        )}
      </ul>
    </section>
  );
}
