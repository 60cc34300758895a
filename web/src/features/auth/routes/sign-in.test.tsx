import { screen } from '@testing-library/react';
import { db, seedUser, VALID_PASSWORD } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

async function openSignIn(path = '/sign-in') {
  skipCookieBanner();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
  return app;
}

const fill = async (user: ReturnType<typeof renderApp>['user'], email: string, password: string) => {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('sign-in', () => {
  it('requires email and password before calling the server', async () => {
    const { user } = await openSignIn();
    await fill(user, '', '');
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(db.session.count()).toBe(0);
  });

  it('shows the invalid-credentials message from the server', async () => {
    seedUser({ email: 'alex@stanford.edu' });
    const { user } = await openSignIn();
    await fill(user, 'alex@stanford.edu', 'Wrong-Pass9');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please check your credentials.',
    );
    expect(db.session.count()).toBe(0);
  });

  it('shows the not-confirmed message with a way to resend the link', async () => {
    seedUser({ email: 'new@stanford.edu', confirmed: false });
    const { user } = await openSignIn();
    await fill(user, 'new@stanford.edu', VALID_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check your email and click the verification link before signing in.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Email resent! 📧')).toBeInTheDocument();
    expect(db.mail.count()).toBe(1);
  });

  it('signs in and lands in the main app', async () => {
    seedUser({ email: 'alex@stanford.edu' });
    const { user, router } = await openSignIn();
    await fill(user, 'alex@stanford.edu', VALID_PASSWORD);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(db.session.count()).toBe(1);
  });

  it('returns to the protected page that sent the visitor to sign in', async () => {
    seedUser({ email: 'alex@stanford.edu' });
    skipCookieBanner();
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    await fill(user, 'alex@stanford.edu', VALID_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('links to the password reset', async () => {
    const { user, router } = await openSignIn();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
