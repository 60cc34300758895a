import { screen, within } from '@testing-library/react';
import { seedSignedInUser } from '../../../test/db';
import { seedCompleteProfile } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

describe('Profile tab', () => {
  beforeEach(skipCookieBanner);

  it('shows the own profile from GET /api/profile with its completion card', async () => {
    const me = seedSignedInUser();
    seedCompleteProfile(me.id);
    const { user, router } = renderApp('/?tab=profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Alex Kim' })).toBeInTheDocument();
    expect(screen.getByText('Stanford University')).toBeInTheDocument();
    expect(screen.getByText('Computer Science · Class of 2027')).toBeInTheDocument();
    expect(screen.getByText('Second-year CS student who loves early runs.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Alex Kim' })).toHaveAttribute('src', expect.stringMatching(/^\/media\//));

    // Gallery carousel with thumbnails.
    const gallery = screen.getByRole('region', { name: 'Your photos' });
    expect(within(gallery).getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(within(gallery).getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    expect(within(gallery).getByRole('group', { name: '2 of 3' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'About Me (3/3)' })).toBeInTheDocument();
    expect(screen.getByText('Answer 2')).toBeInTheDocument();

    // Completion: 4 of the 7 checks are done (bio, major, hobbies, photos, prompts, preferences; not 6 photos).
    const completion = screen.getByRole('progressbar', { name: 'Profile completion' });
    expect(completion).toHaveAttribute('aria-valuenow', '86');
    expect(screen.getByText('86%')).toBeInTheDocument();
    expect(screen.getByText('Fill all 6 photo slots')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Add Photos' })).toHaveAttribute('href', '/edit-profile#photos');
    await user.click(screen.getByRole('link', { name: 'Edit Profile' }));
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('opens the profile view dialog for the own user id', async () => {
    const me = seedSignedInUser();
    seedCompleteProfile(me.id);
    const { user } = renderApp('/?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Preview as others see it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alex Kim' });
    expect(within(dialog).getByText('Stanford University · Computer Science · Class of 2027')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'About Me' })).toBeInTheDocument();
    expect(within(dialog).getByText('Answer 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Very clean')).toBeInTheDocument();
    expect(within(dialog).getByText('$800 – $1,100')).toBeInTheDocument();
    expect(within(dialog).getByText('Climbing')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img')[0]).toHaveAttribute('alt', 'Alex Kim, photo 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Profile Not Found with Complete Profile when nothing was saved', async () => {
    seedSignedInUser();
    const { user, router } = renderApp('/?tab=profile');
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(router.state.location.search).toBe('');
  });
});
