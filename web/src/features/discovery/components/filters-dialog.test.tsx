import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { seedSignedInUser } from '../../../test/db';
import { deckRequests, makeGold, seedCandidate } from '../../../test/discovery-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const storageKey = (userId: string) => `nestmate:discover-filters:${userId}`;

async function openFilters() {
  const utils = renderApp('/');
  await screen.findByRole('article');
  await utils.user.click(screen.getByRole('button', { name: /^Filters/ }));
  const dialog = await screen.findByRole('dialog', { name: /Advanced Filters/ });
  return { ...utils, dialog: within(dialog), dialogEl: dialog };
}

const badge = (dialogEl: HTMLElement) => within(dialogEl).getByRole('heading', { name: /Advanced Filters/ });

describe('Advanced Filters dialog', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    seedCandidate({ name: 'Someone' });
  });

  it('Gold: the badge counts active filters, Apply sends them, and they are kept for next time', async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    const { user, dialog, dialogEl, unmount } = await openFilters();
    expect(badge(dialogEl)).toHaveTextContent('Advanced Filters0 active');
    await user.type(dialog.getByRole('combobox', { name: 'University' }), 'Stanford University');
    await user.selectOptions(dialog.getByLabelText('Housing status'), 'have_housing_need_roommate');
    await user.selectOptions(dialog.getByLabelText('Budget from'), '700');
    await user.click(dialog.getByRole('checkbox', { name: 'Include metro area' }));
    // Radius 30 → 35 (Gold default 30, step 5).
    dialog.getByRole('slider', { name: 'Search radius' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(badge(dialogEl)).toHaveTextContent('5 active');
    // Graduation years 2024–2033, budgets $100–$3000 by 100 (000 §5).
    const years = within(dialog.getByLabelText('Graduating from')).getAllByRole('option');
    expect(years.slice(1).map((o) => o.textContent)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
      '2032',
      '2033',
    ]);
    const budgets = within(dialog.getByLabelText('Budget up to')).getAllByRole('option').slice(1);
    expect(budgets).toHaveLength(30);
    expect([budgets[0]?.textContent, budgets[29]?.textContent]).toEqual(['$100', '$3,000']);

    const before = deckRequests().length;
    await user.click(dialog.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(deckRequests().length).toBe(before + 1));
    expect(deckRequests().at(-1)).toEqual({
      searchRadius: 35,
      includeNearbyUniversities: true,
      includeMetroArea: false,
      prioritizeSameUniversity: true,
      verifiedOnly: false,
      filters: { university: 'Stanford University', housingStatus: 'have_housing_need_roommate', minBudget: 700 },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('5 active');
    expect(JSON.parse(localStorage.getItem(storageKey(me.id)) ?? '{}')).toMatchObject({ searchRadius: 35 });
    unmount();

    // Next visit: the same request from the saved filters.
    const count = deckRequests().length;
    renderApp('/');
    await screen.findByRole('article');
    await waitFor(() => expect(deckRequests().length).toBe(count + 1));
    expect(deckRequests().at(-1)).toMatchObject({ searchRadius: 35, filters: { minBudget: 700 } });
  });

  it('Clear resets everything, returns the radius to its default and applies an empty set', async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    localStorage.setItem(
      storageKey(me.id),
      JSON.stringify({
        searchRadius: 45,
        includeNearbyUniversities: false,
        includeMetroArea: true,
        prioritizeSameUniversity: true,
        filters: { major: 'Biology', cleanlinessMin: 3, cleanlinessMax: 5, gender: ['Female'] },
        plan: 'gold',
      }),
    );
    const { user, dialog, dialogEl } = await openFilters();
    expect(deckRequests().at(-1)).toMatchObject({ searchRadius: 45, filters: { major: 'Biology' } });
    expect(badge(dialogEl)).toHaveTextContent('6 active');
    expect(dialog.getByRole('checkbox', { name: 'Female' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(deckRequests().at(-1)).toEqual({
        searchRadius: 30,
        includeNearbyUniversities: true,
        includeMetroArea: true,
        prioritizeSameUniversity: true,
        verifiedOnly: false,
      }),
    );
    expect(badge(dialogEl)).toHaveTextContent('0 active');
    expect(dialog.getByRole('combobox', { name: 'Major' })).toHaveValue('');
    expect(dialog.getByRole('checkbox', { name: 'Female' })).not.toBeChecked();
    expect(dialog.getByRole('slider', { name: 'Search radius' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('free: advanced controls are disabled with the upgrade prompt; radius (10–25) and toggles still apply', async () => {
    seedSignedInUser();
    const { user, dialog } = await openFilters();
    expect(dialog.getByText('Premium Feature')).toBeInTheDocument();
    expect(dialog.getByText('Upgrade to Gold to use advanced filters')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Upgrade to Gold' })).toHaveAttribute('href', '/upgrade');
    expect(dialog.getByRole('combobox', { name: 'University' })).toBeDisabled();
    expect(dialog.getByRole('combobox', { name: 'Major' })).toBeDisabled();
    expect(dialog.getByLabelText('Housing status')).toBeDisabled();
    expect(dialog.getByLabelText('Budget from')).toBeDisabled();
    expect(dialog.getByLabelText('Move-in from')).toBeDisabled();
    expect(dialog.getByRole('checkbox', { name: 'Male' })).toBeDisabled();
    expect(dialog.getByRole('slider', { name: 'Cleanliness minimum' })).toHaveAttribute('data-disabled');

    const radius = dialog.getByRole('slider', { name: 'Search radius' });
    expect(radius).toHaveAttribute('aria-valuenow', '20');
    expect(radius).toHaveAttribute('aria-valuemin', '10');
    expect(radius).toHaveAttribute('aria-valuemax', '25');
    radius.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(radius).toHaveAttribute('aria-valuenow', '25');
    await user.click(dialog.getByRole('checkbox', { name: 'Prioritize same university' }));
    // Issue 16: "Verified only" is free, safety is not paywalled.
    const verifiedOnly = dialog.getByRole('checkbox', { name: 'Verified only' });
    expect(verifiedOnly).toBeEnabled();
    await user.click(verifiedOnly);
    await user.click(dialog.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(deckRequests().at(-1)).toEqual({
        searchRadius: 25,
        includeNearbyUniversities: true,
        includeMetroArea: true,
        prioritizeSameUniversity: false,
        verifiedOnly: true,
      }),
    );
  });

  it('caps the radius at the new plan default when the plan changes (Gold 45 → free 20)', async () => {
    const me = seedSignedInUser();
    localStorage.setItem(
      storageKey(me.id),
      JSON.stringify({ ...emptyStored(), searchRadius: 45, filters: { major: 'Biology' }, plan: 'gold' }),
    );
    renderApp('/');
    await screen.findByRole('article');
    // Free now: radius 20, and the Gold-only filters are not sent (D16).
    expect(deckRequests()).toHaveLength(1);
    expect(deckRequests()[0]).toEqual({ ...emptyStored(), searchRadius: 20 });
  });
});

function emptyStored() {
  return {
    searchRadius: null,
    includeNearbyUniversities: true,
    includeMetroArea: true,
    prioritizeSameUniversity: true,
    verifiedOnly: false,
  };
}
