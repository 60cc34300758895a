import { screen, within } from '@testing-library/react';
import { db, seedUser, VALID_PASSWORD } from '../../../test/db';
import { testConfig } from '../../../test/handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

const email = () => screen.getByLabelText('University Email');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const createButton = () => screen.getByRole('button', { name: 'Create Account' });

async function openForm() {
  testConfig.ageGateEnabled = false;
  skipCookieBanner();
  const app = renderApp('/sign-up');
  await screen.findByLabelText('University Email');
  return app;
}

describe('sign-up', () => {
  it('starts with the age gate when the server enables it', async () => {
    skipCookieBanner();
    const { user } = renderApp('/sign-up');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your age' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy-policy');
    await user.click(screen.getByRole('button', { name: /18 or older/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it('disables Create Account while email or password is empty', async () => {
    const { user } = await openForm();
    expect(createButton()).toBeDisabled();
    await user.type(email(), 'sam@ucla.edu');
    expect(createButton()).toBeDisabled();
    await user.type(password(), 'x');
    expect(createButton()).toBeEnabled();
  });

  it('shows the first core validation message per field and sends nothing', async () => {
    const { user } = await openForm();
    await user.type(email(), 'sam@gmail.com');
    await user.type(password(), 'short');
    await user.click(createButton());
    expect(
      await screen.findByText('Please enter a valid .edu email address from your university.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    // Only the first password error is shown.
    expect(screen.queryByText('Password must contain at least one uppercase letter')).not.toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(db.user.count()).toBe(0);
  });

  it('creates the account, toasts and shows the check-your-email step', async () => {
    const { user } = await openForm();
    await user.type(email(), 'Sam@UCLA.edu');
    await user.type(password(), VALID_PASSWORD);
    await user.click(createButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('Verification email sent! 📧')).toBeInTheDocument();
    expect(screen.getByText('Check your inbox and click the confirmation link.')).toBeInTheDocument();
    expect(screen.getByText('Sam@UCLA.edu')).toBeInTheDocument();
    expect(db.user.findFirst({ where: { email: { equals: 'sam@ucla.edu' } } })).not.toBeNull();
    expect(screen.getByText(/spam or junk folder/)).toBeInTheDocument();
  });

  it('shows the already-registered message from the server in a destructive alert', async () => {
    seedUser({ email: 'taken@ucla.edu' });
    const { user } = await openForm();
    await user.type(email(), 'taken@ucla.edu');
    await user.type(password(), VALID_PASSWORD);
    await user.click(createButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email is already registered. Try signing in instead.');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('resends the confirmation and can go back to use a different email', async () => {
    const { user } = await openForm();
    await user.type(email(), 'sam@ucla.edu');
    await user.type(password(), VALID_PASSWORD);
    await user.click(createButton());
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(db.mail.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('Email resent! 📧')).toBeInTheDocument();
    expect(screen.getByText('Check your inbox for the new confirmation email.')).toBeInTheDocument();
    expect(db.mail.count()).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Use different email' }));
    expect(await screen.findByLabelText('University Email')).toHaveValue('sam@ucla.edu');
    expect(within(document.body).getByLabelText('Password', { selector: 'input' })).toHaveValue('');
  });
});
