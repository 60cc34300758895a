import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { LIKE_MESSAGES } from '../../../../../core/likes/rules';
import { db, seedSignedInUser } from '../../../test/db';
import { deckRequests, makeGold, problemOf, seedCandidate } from '../../../test/discovery-handlers';
import { seedPhotos } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const swipesOf = (action?: string) => db.swipe.getAll().filter((s) => action === undefined || s.action === action);

async function openDiscover() {
  const utils = renderApp('/');
  await screen.findByRole('article');
  return utils;
}

const card = () => screen.getByRole('article');

describe('Discover', () => {
  beforeEach(() => {
    skipCookieBanner();
    // Toasts live in sonner's module state; earlier tests' toasts must not leak in.
    toast.dismiss();
  });

  it('shows the group a candidate searches with: its name, its score and each member with theirs (issue 20)', async () => {
    seedSignedInUser();
    const badges = { schoolVerified: false, photoVerified: false };
    seedCandidate({
      name: 'Ana Reyes',
      group: {
        groupId: 'g-1',
        name: 'Westwood Crew',
        compatibilityScore: 81,
        members: [
          {
            userId: 'm-1',
            name: 'Ana Reyes',
            university: 'UCLA',
            profilePhotoUrl: null,
            compatibilityScore: 84,
            badges,
          },
          {
            userId: 'm-2',
            name: 'Ben Ortiz',
            university: 'UCLA',
            profilePhotoUrl: null,
            compatibilityScore: 78,
            badges,
          },
        ],
      },
    });
    await openDiscover();
    const group = within(card()).getByRole('region', { name: 'Searching as a group: Westwood Crew' });
    expect(within(group).getByText('81%')).toBeInTheDocument();
    const members = within(within(group).getByRole('list', { name: 'Members of Westwood Crew' })).getAllByRole(
      'listitem',
    );
    expect(members.map((m) => m.textContent)).toEqual(['Ana84% compatible with you', 'Ben78% compatible with you']);
  });

  it('shows one candidate with every card field, the score, the reasons and the badges', async () => {
    seedSignedInUser();
    seedCandidate({
      name: 'Maya Lopez',
      major: 'Psychology',
      graduationYear: 2027,
      university: 'University of California, Los Angeles',
      gender: 'Female',
      minBudget: 800,
      maxBudget: 1100,
      bio: 'Early riser who keeps a tidy kitchen.',
      prompt: { promptText: 'My ideal Sunday', response: 'Farmers market, then a long run.' },
      compatibilityScore: 87,
      reasons: ['Both early risers', 'Budgets overlap $800–$1,100'],
      superLikedYou: true,
      isBoosted: true,
    });
    seedCandidate({ name: 'Second Person' });
    await openDiscover();
    const c = within(card());
    expect(c.getByRole('heading', { level: 2, name: 'Maya Lopez' })).toBeInTheDocument();
    expect(c.getByRole('img', { name: 'Maya Lopez' })).toHaveAttribute('src', expect.stringContaining('/media/'));
    expect(c.getByText('Psychology · Class of 2027')).toBeInTheDocument();
    expect(c.getByText('University of California, Los Angeles')).toBeInTheDocument();
    expect(c.getByText('Female')).toBeInTheDocument();
    expect(c.getByText('$800 – $1,100 / mo')).toBeInTheDocument();
    expect(c.getByText('Early riser who keeps a tidy kitchen.')).toBeInTheDocument();
    expect(c.getByText('My ideal Sunday')).toBeInTheDocument();
    expect(c.getByText('Farmers market, then a long run.')).toBeInTheDocument();
    expect(c.getByText('87%')).toBeInTheDocument();
    const reasons = within(c.getByRole('region', { name: 'Why you match' })).getAllByRole('listitem');
    expect(reasons.map((r) => r.textContent?.trim())).toEqual(['Both early risers', 'Budgets overlap $800–$1,100']);
    expect(c.getByText('Super Liked You')).toBeInTheDocument();
    expect(c.getByText('Boosted')).toBeInTheDocument();
    expect(screen.getByText('2 profiles left')).toBeInTheDocument();
    expect(screen.queryByText('Second Person')).not.toBeInTheDocument();
    // The mode chip (001 §2).
    expect(within(screen.getByRole('banner')).getByText('Solo')).toBeInTheDocument();
  });

  it('shows 75 for a candidate without a score and no badges it does not have', async () => {
    seedSignedInUser();
    // The server may omit the score (001 §7); the card falls back to 75.
    seedCandidate({ name: 'No Score', compatibilityScore: null as unknown as number, reasons: [] });
    await openDiscover();
    expect(within(card()).getByText('75%')).toBeInTheDocument();
    expect(screen.queryByText('Super Liked You')).not.toBeInTheDocument();
    expect(screen.queryByText('Boosted')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Why you match' })).not.toBeInTheDocument();
  });

  describe('drag-to-swipe (issue 17)', () => {
    /** jsdom has no PointerEvent: a MouseEvent with a pointer id, a type and a given time. */
    class TestPointerEvent extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit & { timeStamp?: number } = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        if (init.timeStamp !== undefined) Object.defineProperty(this, 'timeStamp', { value: init.timeStamp });
      }
    }
    const original = window.PointerEvent;
    beforeAll(() => {
      window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
    });
    afterAll(() => {
      window.PointerEvent = original;
    });

    const handle = () => card().querySelector<HTMLElement>('[data-drag-handle]')!;
    /** A drag from x=200 by `dx` over `ms` milliseconds, in `steps` moves. */
    function dragBy(dx: number, ms: number, steps = 4) {
      const el = handle();
      let t = 1000;
      fireEvent.pointerDown(el, {
        pointerId: 1,
        button: 0,
        pointerType: 'touch',
        clientX: 200,
        clientY: 300,
        timeStamp: t,
      });
      for (let i = 1; i <= steps; i++) {
        t += ms / steps;
        fireEvent.pointerMove(el, {
          pointerId: 1,
          pointerType: 'touch',
          clientX: 200 + (dx * i) / steps,
          clientY: 302,
          timeStamp: t,
        });
      }
      return () =>
        fireEvent.pointerUp(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 302, timeStamp: t });
    }

    it('likes past the distance, tilting the card and stamping it', async () => {
      seedSignedInUser();
      seedCandidate({ name: 'Drag Right' });
      seedCandidate({ name: 'Next One' });
      await openDiscover();
      const release = dragBy(160, 800);
      expect(card().style.transform).toMatch(/translateX\(160px\) rotate\(\d+(\.\d+)?deg\)/);
      expect(card().querySelector('[data-stamp="like"]')).toHaveTextContent('Like');
      release();
      await waitFor(() => expect(swipesOf().map((s) => s.action)).toEqual(['like']));
      expect(await screen.findByRole('heading', { level: 2, name: 'Next One' })).toBeInTheDocument();
    });

    it('passes on a fast short fling left, and springs back from a slow short drag', async () => {
      seedSignedInUser();
      seedCandidate({ name: 'Slow Drag' });
      seedCandidate({ name: 'After Fling' });
      await openDiscover();
      dragBy(-60, 1200)();
      expect(card().style.transform).toBe('');
      expect(card().querySelector('[data-stamp]')).toBeNull();
      expect(swipesOf()).toEqual([]);
      const release = dragBy(-60, 40, 2);
      expect(card().querySelector('[data-stamp="pass"]')).toBeInTheDocument();
      release();
      await waitFor(() => expect(swipesOf().map((s) => s.action)).toEqual(['pass']));
    });

    it('with reduced motion neither moves nor tilts the card, and still swipes', async () => {
      const matchMedia = window.matchMedia;
      window.matchMedia = ((q: string) => ({
        matches: q.includes('reduce'),
        media: q,
        addEventListener() {},
        removeEventListener() {},
      })) as unknown as typeof window.matchMedia;
      try {
        seedSignedInUser();
        seedCandidate({ name: 'Calm Card' });
        await openDiscover();
        const release = dragBy(150, 600);
        expect(card().style.transform).toBe('');
        expect(card().querySelector('[data-stamp="like"]')).toBeInTheDocument();
        release();
        await waitFor(() => expect(swipesOf().map((s) => s.action)).toEqual(['like']));
      } finally {
        window.matchMedia = matchMedia;
      }
    });
  });

  it('shows no class year for a candidate who chose none (issue 17: never invent one)', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'No Year', major: 'History', graduationYear: null });
    await openDiscover();
    expect(within(card()).getByText('History')).toBeInTheDocument();
    expect(within(card()).queryByText(/Class of/)).not.toBeInTheDocument();
  });

  it('shows the verification badges a candidate has, with what they mean (issue 16)', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Verified Vee', badges: { schoolVerified: true, photoVerified: true } });
    seedCandidate({ name: 'School Only', badges: { schoolVerified: true, photoVerified: false } });
    await openDiscover();
    const photo = within(card()).getByText('Photo verified');
    expect(photo.parentElement).toHaveAttribute('title', expect.stringContaining('live selfie'));
    expect(photo.parentElement).toHaveTextContent(
      'Photo verified: a moderator matched a live selfie to their main photo.',
    );
    expect(within(card()).getByText('School verified')).toBeInTheDocument();
  });

  it('likes: "Like sent", the deck advances, the counter drops and focus stays on the button', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'First One' });
    seedCandidate({ name: 'Second One' });
    const { user } = await openDiscover();
    const like = screen.getByRole('button', { name: 'Like' });
    await user.click(like);
    expect(await screen.findByText('Like sent')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Second One' })).toBeInTheDocument();
    expect(screen.getByText('1 profile left')).toBeInTheDocument();
    expect(screen.getByText('Like sent. Next: Second One.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveFocus();
    expect(swipesOf().map((s) => s.action)).toEqual(['like']);
  });

  it('mutual like: "It\'s a Match" with Send Message (to Messages with the conversation) and Keep Swiping', async () => {
    const me = seedSignedInUser();
    seedPhotos(me.id, 1);
    const them = seedCandidate({ name: 'Jordan Rivera' }, { likesYou: true });
    seedCandidate({ name: 'After Match' });
    const { user, router } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a Match" });
    expect(within(dialog).getByText(/You and Jordan Rivera liked each other/)).toBeInTheDocument();
    // Both people's photos (issue 17).
    expect(await within(dialog).findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      expect.stringContaining(me.id),
    );
    expect(within(dialog).getByRole('img', { name: "Jordan Rivera's photo" })).toHaveAttribute(
      'src',
      them.profilePhotoUrl,
    );
    expect(within(dialog).getByRole('button', { name: 'Keep Swiping' })).toBeInTheDocument();
    expect(screen.queryByText('Like sent')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('tab')).toBe('matches');
    expect(params.get('conversation')).toBe([me.id, them.userId].sort().join('_'));
  });

  it('Keep Swiping closes the popup and moves focus to the next card', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Jordan Rivera' }, { likesYou: true });
    seedCandidate({ name: 'After Match' });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a Match" });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Swiping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'After Match' })).toHaveFocus());
  });

  it('keyboard: ← passes, → likes, ↑ super likes; not while typing or while a dialog is open', async () => {
    seedSignedInUser();
    for (const name of ['A One', 'B Two', 'C Three', 'D Four']) seedCandidate({ name });
    const { user } = await openDiscover();
    expect(screen.getByRole('button', { name: 'Pass' })).toHaveAttribute('aria-keyshortcuts', 'ArrowLeft');
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
    expect(screen.getByRole('button', { name: 'Super like' })).toHaveAttribute('aria-keyshortcuts', 'ArrowUp');

    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { level: 2, name: 'B Two' });
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('heading', { level: 2, name: 'C Three' });
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('heading', { level: 2, name: 'D Four' });
    expect(swipesOf().map((s) => s.action)).toEqual(['pass', 'like', 'super_like']);
    // After a shortcut swipe the next card's name has focus.
    expect(screen.getByRole('heading', { level: 2, name: 'D Four' })).toHaveFocus();

    // Not while a dialog is open (the filters dialog, with its fields).
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: /Advanced Filters/ });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Not while typing in a field.
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    field.remove();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(swipesOf()).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'D Four' })).toBeInTheDocument();
  });

  it('blocks swiping while one swipe is in flight: a double click sends one request', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'First One' });
    seedCandidate({ name: 'Second One' });
    let requests = 0;
    server.use(
      http.post('/api/swipes', async () => {
        requests++;
        await delay(150);
        return undefined;
      }),
    );
    const { user } = await openDiscover();
    const like = screen.getByRole('button', { name: 'Like' });
    await user.dblClick(like);
    expect(like).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { level: 2, name: 'Second One' });
    expect(requests).toBe(1);
    expect(swipesOf()).toHaveLength(1);
  });

  it("shows the daily like limit with the server's title and detail, and keeps the card", async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Still Here' });
    server.use(
      http.post('/api/swipes', () =>
        problemOf(429, 'LIKES.DAILY_LIMIT', LIKE_MESSAGES.limitTitle, LIKE_MESSAGES.limit),
      ),
    );
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Daily Like Limit Reached')).toBeInTheDocument();
    expect(screen.getByText('Upgrade to Premium for unlimited likes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Still Here' })).toBeInTheDocument();
  });

  it('shows the free and premium no-super-likes texts the server sends', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'One' });
    seedCandidate({ name: 'Two' });
    seedCandidate({ name: 'Three' });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    await screen.findByRole('heading', { level: 2, name: 'Two' });
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    expect(await screen.findByText('No Super Likes Left')).toBeInTheDocument();
    expect(screen.getByText(LIKE_MESSAGES.noSuperFree)).toBeInTheDocument();
  });

  it('falls back to "Failed to process swipe. Please try again." on a server fault', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Stays' });
    server.use(http.post('/api/swipes', () => HttpResponse.json({ detail: 'boom internals' }, { status: 500 })));
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Failed to process swipe. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('boom internals')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Stays' })).toBeInTheDocument();
  });

  it('empty deck: "No new profiles right now", hints, and Check Again fetches again', async () => {
    seedSignedInUser();
    const { user } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No new profiles right now' })).toBeInTheDocument();
    expect(screen.getByText('Expand your search radius')).toBeInTheDocument();
    expect(screen.getByText('Include the metro area')).toBeInTheDocument();
    const hints = within(screen.getByRole('region', { name: 'Want to see more students?' }));
    expect(hints.getByText('Upgrade to Gold')).toBeInTheDocument();
    expect(hints.queryByText(/Premium/)).not.toBeInTheDocument();
    const before = deckRequests().length;
    seedCandidate({ name: 'New Arrival' });
    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New Arrival' })).toBeInTheDocument();
    expect(deckRequests().length).toBe(before + 1);
  });

  it('shows the hints under 5 results, not from 5 on; "Include" turns the metro area back on', async () => {
    const me = seedSignedInUser();
    localStorage.setItem(
      `nestmate:discover-filters:${me.id}`,
      JSON.stringify({
        searchRadius: null,
        includeNearbyUniversities: true,
        includeMetroArea: false,
        prioritizeSameUniversity: true,
        filters: {},
      }),
    );
    for (let i = 0; i < 4; i++) seedCandidate();
    const { user, unmount } = await openDiscover();
    const hints = screen.getByRole('region', { name: 'Want to see more students?' });
    await user.click(within(hints).getByRole('button', { name: 'Include' }));
    await waitFor(() => expect(deckRequests().at(-1)?.includeMetroArea).toBe(true));
    expect(deckRequests()[0]?.includeMetroArea).toBe(false);
    unmount();

    seedCandidate();
    await openDiscover();
    expect(screen.queryByRole('region', { name: 'Want to see more students?' })).not.toBeInTheDocument();
  });

  it('shows "Failed to load profiles" when the deck fails', async () => {
    seedSignedInUser();
    server.use(http.post('/api/discover/deck', () => HttpResponse.json({}, { status: 500 })));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load profiles');
  });

  it('opens the full profile in the profile view dialog', async () => {
    seedSignedInUser();
    seedCandidate({ name: 'Maya Lopez' });
    const { user } = await openDiscover();
    await user.click(screen.getByRole('button', { name: 'View full profile' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it("a Gold user's super likes left show as remaining/daily limit in the header", async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    seedCandidate({ name: 'One' });
    seedCandidate({ name: 'Two' });
    const { user } = await openDiscover();
    const header = within(screen.getByRole('banner'));
    expect(await header.findByText('5 of 5 Super Likes left today')).toBeInTheDocument();
    expect(header.getByText('Gold')).toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Upgrade to Gold' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Super like' }));
    expect(await header.findByText('4 of 5 Super Likes left today')).toBeInTheDocument();
    // No promo card for Gold.
    expect(screen.queryByRole('region', { name: 'Get Nestmate Gold' })).not.toBeInTheDocument();
  });

  it('a free user sees Upgrade to Gold in the header and the upgrade promo card', async () => {
    seedSignedInUser();
    seedCandidate();
    await openDiscover();
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Upgrade to Gold' })).toHaveAttribute('href', '/upgrade');
    expect(header.getByText('1 of 1 Super Likes left today')).toBeInTheDocument();
    const promo = await screen.findByRole('region', { name: 'Get Nestmate Gold' });
    for (const perk of ['See Who Liked You', '5 Super Likes Daily', 'Monthly Boost', 'Advanced Filters']) {
      expect(within(promo).getByText(perk)).toBeInTheDocument();
    }
  });

  it('boost: disabled with none left; a Gold user starts one and sees the countdown; a failure shows Boost Failed', async () => {
    const me = seedSignedInUser();
    seedCandidate();
    const { unmount } = await openDiscover();
    expect(await screen.findByRole('button', { name: 'Boost (0 left)' })).toBeDisabled();
    unmount();

    makeGold(me.id);
    const { user } = await openDiscover();
    await user.click(await screen.findByRole('button', { name: 'Boost (1 left)' }));
    expect(await screen.findByText('Boost started')).toBeInTheDocument();
    expect(await screen.findByText(/Boosted/)).toBeInTheDocument();
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByText(/Boost active, 30 minutes left/)).toBeInTheDocument();
    // The countdown starts at 30:00 (issue 17).
    expect(banner.getByText('30:00')).toBeInTheDocument();
  });

  it('a failed boost shows "Boost Failed" with the server detail', async () => {
    const me = seedSignedInUser();
    makeGold(me.id);
    seedCandidate();
    server.use(
      http.post('/api/boost', () => problemOf(409, 'BOOST.NONE_LEFT', 'Boost Failed', 'You have no boosts left.')),
    );
    const { user } = await openDiscover();
    await user.click(await screen.findByRole('button', { name: 'Boost (1 left)' }));
    expect(await screen.findByText('Boost Failed')).toBeInTheDocument();
    expect(screen.getByText('You have no boosts left.')).toBeInTheDocument();
  });
});
