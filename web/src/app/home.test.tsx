import { screen, within } from '@testing-library/react';
import { db, seedSignedInUser } from '../test/db';
import { renderApp, skipCookieBanner } from '../test/render-app';
import { server } from '../test/server';

describe('/', () => {
  beforeEach(skipCookieBanner);

  it('shows the landing page to signed-out visitors', async () => {
    // Issue 17: signed out is no error, so the page asks for no refresh and logs no 401.
    const answers: string[] = [];
    const onResponse = ({ request, response }: { request: Request; response: Response }) => {
      answers.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
    };
    server.events.on('response:mocked', onResponse);
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /actually love/ })).toBeInTheDocument();
    expect(screen.getByText('73%')).toBeInTheDocument();
    expect(screen.getByText('of students struggle to find roommates.')).toBeInTheDocument();
    server.events.removeListener('response:mocked', onResponse);
    expect(answers).toContain('GET /api/me 200');
    expect(answers.filter((a) => a.endsWith(' 401') || a.includes('/api/auth/refresh'))).toEqual([]);
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Terms of Service', 'Privacy Policy', 'Community Guidelines', 'Safety Tips', 'Resources']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(screen.getByRole('main')).getAllByRole('link', { name: 'Get Started' })[0]!);
    expect(router.state.location.pathname).toBe('/sign-up');
  });

  it('shows profile setup to a signed-in user without a profile', async () => {
    seedSignedInUser({ hasProfile: false, email: 'jo@umich.edu' });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: "Let's set up your profile" })).toBeInTheDocument();
    for (const step of ['Photos', 'Prompts', 'Preferences']) {
      expect(screen.getByRole('heading', { level: 2, name: step })).toBeInTheDocument();
    }
    expect(screen.getByText('jo@umich.edu')).toBeInTheDocument();
  });

  it('shows the main app with its tabs, and signs out to the landing page', async () => {
    seedSignedInUser();
    const { user, router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Discover', 'Messages', 'Profile']) {
      expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: /Likes/ })).toHaveTextContent('GOLD');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByRole('button', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Messages' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=matches');

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /actually love/ })).toBeInTheDocument();
    expect(db.session.count()).toBe(0);
    expect(router.state.location.pathname).toBe('/');
  });
});
