import { screen } from '@testing-library/react';
import { seedSignedInUser } from '../test/db';
import { renderApp, skipCookieBanner } from '../test/render-app';
import { routePaths } from './routes';

describe('route table', () => {
  it('registers the whole route table of 001 §2', () => {
    expect(routePaths).toHaveLength(27);
    expect(new Set(routePaths).size).toBe(routePaths.length);
    expect(routePaths).toEqual(
      expect.arrayContaining(['/', '/admin', '/resources/cost-calculator', '/reset-password']),
    );
  });

  describe.each(routePaths)('%s', (path) => {
    beforeEach(skipCookieBanner);

    it('renders for a signed-out visitor', async () => {
      renderApp(path);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).not.toHaveTextContent('Oops! Page not found.');
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('main')).toBeInTheDocument();
    });

    it('renders for a signed-in student with a profile', async () => {
      seedSignedInUser();
      const { router } = renderApp(path);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).not.toHaveTextContent('Oops! Page not found.');
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      if (path === '/sign-in' || path === '/sign-up' || path === '/forgot-password') {
        expect(router.state.location.pathname).toBe('/');
      } else {
        expect(router.state.location.pathname).toBe(path);
      }
    });
  });
});
