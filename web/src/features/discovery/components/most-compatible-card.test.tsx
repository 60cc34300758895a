import { screen, waitFor, within } from '@testing-library/react';
import { db, seedSignedInUser } from '../../../test/db';
import { seedCandidate, seedMostCompatible } from '../../../test/discovery-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const region = () => screen.findByRole('region', { name: 'Most Compatible today' });

describe('Most Compatible today on Discover', () => {
  beforeEach(() => skipCookieBanner());

  it('shows the pick at the top of Discover with photo, score and why', async () => {
    seedSignedInUser();
    seedMostCompatible({ name: 'Avery Chen', major: 'Architecture', compatibilityScore: 94 });
    seedCandidate({ name: 'Deck Person' });
    renderApp('/');
    const card = within(await region());
    expect(card.getByRole('heading', { level: 3, name: 'Avery Chen' })).toBeInTheDocument();
    expect(card.getByText('94%')).toHaveTextContent('94% compatible');
    expect(card.getByText('Architecture · Class of 2027')).toBeInTheDocument();
    expect(card.getByText('University of California, Los Angeles')).toBeInTheDocument();
    const why = card.getByRole('list', { name: 'Why you two fit' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['Both early risers', 'Both keep things very clean', 'Budgets overlap $800–$1,100']);
    // The photo is decorative beside the name (alt ""), so it is found by tag.
    expect((await region()).querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/media\/pick-/));
    // The copy fetched fits its box on a phone (4.5rem) as well as from `sm` up (6rem).
    expect((await region()).querySelector('img')).toHaveAttribute('sizes', '(min-width: 40rem) 6rem, 4.5rem');
    // Above the deck: the card comes first in the page.
    const deckCard = await screen.findByRole('article');
    expect((await region()).compareDocumentPosition(deckCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens the full profile from the keyboard', async () => {
    seedSignedInUser();
    seedMostCompatible({ name: 'Avery Chen' });
    const { user } = renderApp('/');
    const button = within(await region()).getByRole('button', { name: 'View profile of Avery Chen' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows nothing when there is no pick today', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Deck Person' });
    renderApp('/');
    await screen.findByRole('article');
    await waitFor(() => expect(screen.queryByTestId('most-compatible-loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Most Compatible today' })).not.toBeInTheDocument();
  });

  it('turns to "answered" once the pick is liked in the deck', async () => {
    seedSignedInUser();
    const pick = seedMostCompatible({ name: 'Avery Chen' });
    seedCandidate({ userId: pick.userId, name: 'Avery Chen' });
    const { user } = renderApp('/');
    await region();
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(db.swipe.getAll()).toHaveLength(1));
    const card = within(await region());
    expect(await card.findByText("You've answered today's pick. A new one arrives tomorrow.")).toBeInTheDocument();
    expect(card.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });
});
