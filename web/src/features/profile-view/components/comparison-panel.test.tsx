/**
 * Issue 21 "Honest compatibility" in the browser's terms: one tap from the deck card opens every
 * factor side by side; a difference is a "Talk about this" question, and once matched it goes into
 * the chat's composer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import type { PublicProfile } from '../../../lib/api-types';
import { seedSignedInUser } from '../../../test/db';
import { seedCandidate } from '../../../test/discovery-handlers';
import { resetMessagingTest, seedConversation } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const profileOf = (userId: string, name: string): PublicProfile => ({
  userId,
  badges: { schoolVerified: false, photoVerified: false },
  name,
  bio: 'Early riser.',
  university: 'University of California, Los Angeles',
  major: 'Psychology',
  graduationYear: 2027,
  gender: 'Female',
  profilePhotoUrl: null,
  galleryUrls: [],
  prompts: [],
  lifestyle: {
    cleanliness: 4,
    noiseLevel: 2,
    sleepSchedule: 2,
    studyHabits: 4,
    guestPolicy: 1,
    smokingTolerance: 'no_smoking',
    housingStatus: 'looking_to_join',
    minBudget: 800,
    maxBudget: 1100,
    moveIn: 'fall-2027',
    cookingFrequency: null,
    alcohol: null,
    pets: null,
  },
  hobbies: [],
});

/** Deck candidates and matches are not profiles of the in-memory db: serve theirs by id. */
function serveProfiles(people: Record<string, string>) {
  server.use(
    http.get('/api/profiles/:userId', ({ params }) => {
      const name = people[String(params.userId)];
      return name ? HttpResponse.json({ profile: profileOf(String(params.userId), name) }) : undefined;
    }),
  );
}

describe('the full comparison (issue 21)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('opens from the deck card on the Compatibility tab: both answers, agree and differ, the question', async () => {
    const user = userEvent.setup();
    seedSignedInUser();
    const maya = seedCandidate({ name: 'Maya Lopez' });
    serveProfiles({ [maya.userId]: 'Maya Lopez' });
    renderApp('/');
    const card = await screen.findByRole('article');
    // The card keeps its top reasons.
    expect(within(card).getByRole('region', { name: 'Why you match' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Compare all factors with Maya' }));

    const dialog = await screen.findByRole('dialog', { name: 'Maya Lopez' });
    expect(within(dialog).getByRole('tab', { name: 'Compatibility' })).toHaveAttribute('aria-selected', 'true');
    const differ = await within(dialog).findByRole('region', { name: /To talk about/ });
    const guests = within(differ).getByRole('listitem');
    expect(within(guests).getByRole('heading', { name: 'Guests' })).toBeInTheDocument();
    expect(within(guests).getByText('Different comfort with guests')).toBeInTheDocument();
    // Side by side: the viewer's answer, then theirs, each named.
    const answers = within(guests)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(answers).toEqual(['Often', 'No guests']);
    expect(
      within(guests)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['You', 'Maya']);
    expect(
      within(guests).getByText('You have guests over often; they prefer no guests. How do you each see it?'),
    ).toBeInTheDocument();
    // Not matched: no chat to put it in yet, and the dialog says so.
    expect(within(dialog).queryByRole('button', { name: /Ask in your chat/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Once you match/)).toBeInTheDocument();

    const agree = within(dialog).getByRole('region', { name: /Where you agree/ });
    expect(within(agree).getByText('Both early risers')).toBeInTheDocument();
    // Every D12 factor is there: 11 rows in all.
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(11);

    // Keyboard: the arrow keys move between the tabs (WAI-ARIA tabs).
    within(dialog).getByRole('tab', { name: 'Compatibility' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('once matched, Talk about this puts the question into the chat composer', async () => {
    const user = userEvent.setup();
    const me = seedSignedInUser();
    const chat = seedConversation(me.id, { name: 'Jordan Rivera' }, [{ content: 'Hey!' }]);
    serveProfiles({ [chat.other.userId]: 'Jordan Rivera' });
    const { router } = renderApp(`/?tab=matches&conversation=${chat.id}`);
    await user.click(await screen.findByRole('button', { name: "View Jordan Rivera's profile" }));
    const dialog = await screen.findByRole('dialog', { name: 'Jordan Rivera' });
    await user.click(within(dialog).getByRole('tab', { name: 'Compatibility' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Ask in your chat: Guests' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const box = screen.getByRole('textbox', { name: 'Message Jordan Rivera' });
    expect(box).toHaveValue('I have guests over often; you prefer no guests. How do you see it?');
    await waitFor(() => expect(box).toHaveFocus());
    // Taken once: the question leaves the address, so a reload does not offer it again.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('draft')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('conversation')).toBe(chat.id);
  });
});
