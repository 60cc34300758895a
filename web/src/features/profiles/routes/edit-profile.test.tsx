import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { PROFILE_MESSAGES } from '../../../../../core/profiles/rules';
import type { ProfileInput } from '../../../lib/api-types';
import { db, seedSignedInUser } from '../../../test/db';
import { problem } from '../../../test/handlers';
import { useNodeMultipart } from '../../../test/multipart';
import { photosOf, seedCompleteProfile } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

function signedInWithProfile() {
  const me = seedSignedInUser();
  seedCompleteProfile(me.id);
  return me;
}

async function openEditorFromProfileTab() {
  const utils = renderApp('/?tab=profile');
  await utils.user.click(await screen.findByRole('link', { name: 'Edit Profile' }));
  await screen.findByRole('heading', { level: 1, name: 'Edit Profile' });
  await screen.findByRole('textbox', { name: 'Bio' });
  return utils;
}

describe('/edit-profile', () => {
  beforeEach(async () => {
    skipCookieBanner();
    await useNodeMultipart();
  });

  it('edits every section, saves, shows Profile Saved! and goes back', async () => {
    signedInWithProfile();
    let body: ProfileInput | null = null;
    server.use(
      http.put('/api/profile', async ({ request }) => {
        body = (await request.clone().json()) as ProfileInput;
        return undefined;
      }),
    );
    const { user, router } = await openEditorFromProfileTab();
    for (const name of ['Photos', 'Basic information', 'Prompts', 'Vibe and preferences', 'Lifestyle']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    expect(bio).toHaveValue('Second-year CS student who loves early runs.');
    await user.clear(bio);
    await user.type(bio, 'Night owl, tidy kitchen.');

    await user.selectOptions(screen.getByLabelText('Gender'), 'Prefer to self-describe');
    await user.type(screen.getByRole('textbox', { name: 'Your gender' }), 'Genderfluid');
    const dealbreakers = screen.getByRole('textbox', { name: 'Dealbreakers' });
    expect(dealbreakers).toHaveValue('smoking indoors');
    await user.type(dealbreakers, ', pets,  ,drums');
    await user.selectOptions(screen.getByLabelText('Pets'), 'allergic');
    await user.type(screen.getByRole('textbox', { name: 'Hobbies' }), 'Chess{Enter}');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Saved!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?tab=profile');
    // The profile refetches after the save and may replace the node findByText returned: query again.
    await waitFor(() => expect(screen.getByText('Night owl, tidy kitchen.')).toBeInTheDocument());
    expect(body).toMatchObject({
      basics: { bio: 'Night owl, tidy kitchen.', gender: 'Prefer to self-describe', genderSelfDescribe: 'Genderfluid' },
      preferences: { dealbreakers: ['smoking indoors', 'pets', 'drums'], smokingTolerance: 'no_smoking' },
      lifestyle: { pets: 'allergic', hobbies: ['Climbing', 'Chess'] },
    });
    expect(body!.prompts).toHaveLength(3);
  });

  it('Hard dealbreakers (issue 21): ticked ones are saved; a firm ceiling without a maximum shows the server’s message', async () => {
    signedInWithProfile();
    const bodies: ProfileInput[] = [];
    server.use(
      http.put('/api/profile', async ({ request }) => {
        bodies.push((await request.clone().json()) as ProfileInput);
        return undefined;
      }),
    );
    const { user } = await openEditorFromProfileTab();
    const rules = screen.getByRole('group', { name: 'Hard dealbreakers' });
    const firm = within(rules).getByRole('checkbox', { name: 'My maximum budget is firm' });
    expect(firm).toHaveAccessibleDescription('Hide students whose minimum budget is above your maximum.');
    await user.click(within(rules).getByRole('checkbox', { name: 'No smokers' }));
    await user.click(firm);
    await user.clear(screen.getByRole('spinbutton', { name: 'Maximum' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const message = 'Set a maximum budget to make it a dealbreaker.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(bodies.at(-1)?.preferences.dealbreakerRules).toEqual(['no_smokers', 'budget_ceiling']);

    await user.type(screen.getByRole('spinbutton', { name: 'Maximum' }), '1200');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Saved!')).toBeInTheDocument();
    expect(bodies.at(-1)?.preferences).toMatchObject({
      maxBudget: 1200,
      dealbreakerRules: ['no_smokers', 'budget_ceiling'],
    });
  });

  it("shows the server's error detail in an alert, or the fallback", async () => {
    signedInWithProfile();
    server.use(
      http.put('/api/profile', () =>
        problem(400, 'VALIDATION', PROFILE_MESSAGES.budgetOrder, [
          { path: 'preferences.minBudget', message: PROFILE_MESSAGES.budgetOrder },
        ]),
      ),
    );
    const { user, router } = await openEditorFromProfileTab();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes(PROFILE_MESSAGES.budgetOrder))).toBe(true);
    expect(screen.getByRole('spinbutton', { name: 'Minimum' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/edit-profile');

    server.use(http.put('/api/profile', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('shows Failed to load profile data when the profile cannot be loaded', async () => {
    seedSignedInUser();
    server.use(http.get('/api/profile', () => problem(503, 'UNAVAILABLE', 'Service unavailable')));
    renderApp('/edit-profile');
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
  });

  it('reorders so the first photo is the profile photo, deletes, uploads, and keeps at least one', async () => {
    const me = signedInWithProfile();
    const { user } = await openEditorFromProfileTab();
    const [first, second] = photosOf(me.id);
    const grid = screen.getByRole('list', { name: 'Your photos' });
    expect(within(grid).getByRole('img', { name: 'Photo 1 of 3, main picture' })).toHaveAttribute('src', first!.url);

    await user.click(within(grid).getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(photosOf(me.id)[0]!.id).toBe(second!.id));
    expect(within(grid).getByRole('img', { name: 'Photo 1 of 3, main picture' })).toHaveAttribute('src', second!.url);

    await user.click(within(grid).getByRole('button', { name: 'Remove photo 3' }));
    await waitFor(() => expect(photosOf(me.id)).toHaveLength(2));
    await user.click(within(grid).getByRole('button', { name: 'Remove photo 2' }));
    await waitFor(() => expect(photosOf(me.id)).toHaveLength(1));
    await user.click(within(grid).getByRole('button', { name: 'Remove photo 1' }));
    expect(await screen.findByText(PROFILE_MESSAGES.needOnePhoto)).toBeInTheDocument();
    expect(photosOf(me.id)).toHaveLength(1);

    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => new File(['x'], `${n}.png`, { type: 'image/png' }));
    await user.upload(screen.getByTestId('photo-input'), files);
    expect(await screen.findByText(PROFILE_MESSAGES.tooManyPhotos)).toBeInTheDocument();
    await screen.findByText('0 remaining');
    expect(photosOf(me.id)).toHaveLength(6);
    expect(db.photo.count()).toBe(6);
  });
});
