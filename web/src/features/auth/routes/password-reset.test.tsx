import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { db, seedUser } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

describe('forgot password', () => {
  beforeEach(skipCookieBanner);

  it('asks for the email, then offers Resend and Use different email', async () => {
    seedUser({ email: 'alex@stanford.edu' });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(db.mail.count()).toBe(0);

    await user.type(screen.getByLabelText('Email'), 'alex@stanford.edu');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(db.mail.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await screen.findByText('Email resent! 📧');
    expect(db.mail.count()).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Use different email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alex@stanford.edu');
  });

  it('falls back to "Failed to send reset email" when the server gives no message', async () => {
    server.use(http.post('/api/auth/password-reset', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'alex@stanford.edu');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email');
  });
});

describe('set a new password', () => {
  beforeEach(skipCookieBanner);

  it('applies the core password policy, then sends the user to sign in', async () => {
    const { user, router } = renderApp('/reset-password?token=good-token');
    const field = await screen.findByLabelText('New password', { selector: 'input' });
    await user.type(field, 'alllowercase1!');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'alllowercase1!');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Brand-New9');
    await user.clear(screen.getByLabelText('Confirm new password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'Brand-New9');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(/Your password has been updated/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('explains an invalid or expired link', async () => {
    const { user } = renderApp('/reset-password?token=used-token');
    const field = await screen.findByLabelText('New password', { selector: 'input' });
    await user.type(field, 'Brand-New9');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'Brand-New9');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
