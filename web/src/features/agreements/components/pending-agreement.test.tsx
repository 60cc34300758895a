import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { db, seedSignedInUser, seedUser, VALID_PASSWORD } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';
import { PENDING_AGREEMENT_KEY } from '../api/pending-agreement';

const validPending = {
  tos_accepted: true,
  privacy_accepted: true,
  marketing_accepted: false,
  accepted_at: '2025-08-01T12:00:00.000Z',
  user_agent: 'Mozilla/5.0 test',
};

async function signIn(email: string) {
  const app = renderApp('/sign-in');
  await app.user.type(await screen.findByLabelText('Email'), email);
  await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), VALID_PASSWORD);
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return app;
}

describe('terms and privacy agreement', () => {
  beforeEach(skipCookieBanner);

  it('after the confirmation link, requires both boxes and keeps the agreement until sign-in', async () => {
    const { user, router } = renderApp('/?confirmed=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Privacy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must accept the Terms of Service and Privacy Policy to continue',
    );
    expect(localStorage.getItem(PENDING_AGREEMENT_KEY)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await user.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByText(/Your email is confirmed/)).toBeInTheDocument();

    const stored = JSON.parse(localStorage.getItem(PENDING_AGREEMENT_KEY) ?? 'null');
    expect(stored).toEqual({
      tos_accepted: true,
      privacy_accepted: true,
      marketing_accepted: false,
      accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user_agent: navigator.userAgent,
    });
  });

  it('saves a valid pending agreement after sign-in and removes it locally', async () => {
    seedUser({ email: 'new@stanford.edu', hasAgreement: false, hasProfile: false });
    localStorage.setItem(PENDING_AGREEMENT_KEY, JSON.stringify(validPending));
    await signIn('new@stanford.edu');
    expect(await screen.findByRole('heading', { level: 1, name: "Let's set up your profile" })).toBeInTheDocument();
    const saved = db.agreement.getAll();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject(validPending);
    expect(localStorage.getItem(PENDING_AGREEMENT_KEY)).toBeNull();
  });

  it('discards a malformed pending agreement and asks again', async () => {
    seedUser({ email: 'new@stanford.edu', hasAgreement: false });
    localStorage.setItem(PENDING_AGREEMENT_KEY, JSON.stringify({ ...validPending, tos_accepted: 'yes' }));
    let posts = 0;
    // Counts the requests, then falls through to the regular handler.
    server.use(
      http.post('/api/agreements', () => {
        posts += 1;
      }),
    );
    await signIn('new@stanford.edu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Privacy' })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_AGREEMENT_KEY)).toBeNull();
    expect(posts).toBe(0);
    expect(db.agreement.count()).toBe(0);
  });

  it('signed in by the confirmation link (the browser that signed up): welcomed, then agrees directly (N67)', async () => {
    seedSignedInUser({ hasAgreement: false, hasProfile: false });
    const { user } = renderApp('/?confirmed=1');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Privacy' });
    expect(screen.getByText(/Your email is confirmed/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await user.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    // No password asked again: straight on to the profile setup.
    expect(await screen.findByRole('heading', { level: 1, name: "Let's set up your profile" })).toBeInTheDocument();
    await waitFor(() => expect(db.agreement.count()).toBe(1));
  });

  it('lets a signed-in user without an agreement accept it directly', async () => {
    seedSignedInUser({ hasAgreement: false, hasProfile: true });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Privacy' });
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await user.click(screen.getByRole('checkbox', { name: /tips and product updates/ }));
    await user.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(db.agreement.count()).toBe(1));
    expect(db.agreement.getAll()[0]).toMatchObject({
      tos_accepted: true,
      privacy_accepted: true,
      marketing_accepted: true,
    });
    expect(localStorage.getItem(PENDING_AGREEMENT_KEY)).toBeNull();
  });

  it('offers to resend when the confirmation link was invalid or expired', async () => {
    seedUser({ email: 'late@stanford.edu', confirmed: false });
    const { user } = renderApp('/?confirm_error=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Please request a new one.',
    );
    await user.type(screen.getByLabelText('University Email'), 'late@stanford.edu');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation' }));
    expect(await screen.findByText('Email resent! 📧')).toBeInTheDocument();
    expect(db.mail.count()).toBe(1);
  });
});
