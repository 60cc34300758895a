import { screen } from '@testing-library/react';
import { renderApp, skipCookieBanner } from '../test/render-app';

describe('404 page', () => {
  it('shows the not-found message with a link home for an unknown path', async () => {
    skipCookieBanner();
    const { user, router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found.' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: /actually love/ })).toBeInTheDocument();
  });
});
