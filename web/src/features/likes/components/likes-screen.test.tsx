import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { db, seedSignedInUser } from '../../../test/db';
import { makeGold, seedLiker, seedMatch } from '../../../test/discovery-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

async function openLikes(view?: 'Your Matches') {
  const utils = renderApp('/?tab=liked-you');
  const tab = await screen.findByRole('tab', { name: /Who Liked You/ });
  expect(tab).toHaveAttribute('aria-selected', 'true');
  if (view) await utils.user.click(screen.getByRole('tab', { name: new RegExp(view) }));
  return utils;
}

describe('Likes', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
  });

  it('free: count blurred placeholders and the upgrade banner, and no names or photos', async () => {
    seedSignedInUser();
    seedLiker({ name: 'Secret Admirer' });
    seedLiker({ name: 'Hidden Fan' });
    seedLiker({ name: 'Quiet Crush' });
    const { container } = await openLikes();
    expect(await screen.findByRole('heading', { name: '3 people liked you' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to Gold to see who they are and like them back.')).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: '3 people liked you' });
    expect(within(banner).getByRole('link', { name: 'Upgrade to Gold' })).toHaveAttribute('href', '/upgrade');
    expect(screen.getAllByTestId('like-placeholder')).toHaveLength(3);
    for (const name of ['Secret Admirer', 'Hidden Fan', 'Quiet Crush']) {
      expect(container.innerHTML).not.toContain(name);
    }
    expect(within(screen.getByRole('list', { name: '3 hidden likes' })).queryAllByRole('img')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Like Back' })).not.toBeInTheDocument();
  });

  it('Gold: real profiles with Pass and Like Back; like back matches and removes the card', async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    seedLiker({ name: 'Jordan Rivera', isSuperLike: true, compatibilityScore: 92 });
    seedLiker({ name: 'Sam Lee' });
    const { user } = await openLikes();
    const jordan = await screen.findByRole('article', { name: /Jordan Rivera/ });
    expect(within(jordan).getByText('Super Like')).toBeInTheDocument();
    expect(within(jordan).getByText('92%')).toBeInTheDocument();
    await user.click(within(jordan).getByRole('button', { name: 'Like Back' }));
    expect(await screen.findByText("It's a Match")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Jordan Rivera/ })).not.toBeInTheDocument());
    expect(db.match.count()).toBe(1);

    const sam = screen.getByRole('article', { name: /Sam Lee/ });
    await user.click(within(sam).getByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Sam Lee/ })).not.toBeInTheDocument());
    expect(db.liker.count()).toBe(0);
    expect(await screen.findByText('No likes yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Your Matches/ }));
    expect(await screen.findByRole('article', { name: /Jordan Rivera/ })).toBeInTheDocument();
  });

  it("Gold: a failed like back shows the server's message", async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    const liker = seedLiker({ name: 'Gone Away' });
    const { user } = await openLikes();
    const card = await screen.findByRole('article', { name: /Gone Away/ });
    // The like was withdrawn meanwhile: the server has nothing to return.
    db.liker.delete({ where: { userId: { equals: liker.userId } } });
    await user.click(within(card).getByRole('button', { name: 'Like Back' }));
    expect(await screen.findByText('Failed to like back (No existing like found from this user)')).toBeInTheDocument();
  });

  it('Your Matches: one large card with Start Chat opening the conversation', async () => {
    seedSignedInUser();
    seedMatch({ name: 'Only Match', conversationId: 'a_b' });
    const { user, router } = await openLikes('Your Matches');
    expect(await screen.findByText('1 match')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: /Only Match/ });
    expect(screen.getByRole('tab', { name: /Your Matches/ })).toHaveTextContent('1');
    await user.click(within(card).getByRole('button', { name: 'Start Chat' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('tab')).toBe('matches');
    expect(params.get('conversation')).toBe('a_b');
  });

  it('Your Matches: a grid when there are several, each with Start Chat; an empty state without', async () => {
    seedSignedInUser();
    seedMatch({ name: 'First Match' });
    seedMatch({ name: 'Second Match' });
    seedMatch({ name: 'Third Match' });
    await openLikes('Your Matches');
    expect(await screen.findByText('3 matches')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Start Chat' })).toHaveLength(3);
    expect(screen.getByRole('article', { name: /First Match/ }).closest('ul')).toHaveClass('grid-cols-2');
  });

  it('Your Matches: "No matches yet" when there are none', async () => {
    seedSignedInUser();
    await openLikes('Your Matches');
    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeInTheDocument();
  });
});
