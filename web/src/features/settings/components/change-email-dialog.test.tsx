/** Change Email in Settings (issue 16 §1): a new .edu address and the password; the link goes to the new one. */
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '../../../../../core/accounts/rules';
import { db, seedSignedInUser, VALID_PASSWORD } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

async function openChangeEmail() {
  const utils = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  await utils.user.click(await screen.findByRole('button', { name: /Change Email/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Email' });
  return { ...utils, dialog };
}

const mails = (to: string) => db.mail.findMany({ where: { to: { equals: to } } }).map((m) => m.kind);

describe('Change Email', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
  });

  it('checks the address and the password before sending, and shows the server’s field errors', async () => {
    seedSignedInUser();
    const { user, dialog } = await openChangeEmail();
    expect(within(dialog).getByText('alex@stanford.edu')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Send Confirmation Link' });

    await user.type(within(dialog).getByRole('textbox', { name: 'New university email' }), 'alex@gmail.com');
    await user.click(send);
    expect(within(dialog).getByRole('textbox', { name: 'New university email' })).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.emailNotEdu,
    );
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.passwordRequired,
    );

    const email = within(dialog).getByRole('textbox', { name: 'New university email' });
    await user.clear(email);
    await user.type(email, 'alex@berkeley.edu');
    await user.type(within(dialog).getByLabelText('Current password'), 'Not-The-One-1');
    await user.click(send);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
        ACCOUNT_MESSAGES.wrongPassword,
      ),
    );
    expect(mails('alex@berkeley.edu')).toEqual([]);
  });

  it('sends the link to the new address, says the old one works until then, and shows it pending', async () => {
    seedSignedInUser();
    const { user, dialog } = await openChangeEmail();
    await user.type(within(dialog).getByRole('textbox', { name: 'New university email' }), 'Alex@Berkeley.edu');
    await user.type(within(dialog).getByLabelText('Current password'), VALID_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Send Confirmation Link' }));

    const sent = await within(dialog).findByRole('status');
    expect(sent).toHaveTextContent('Check your new inbox');
    expect(sent).toHaveTextContent('alex@berkeley.edu');
    expect(sent).toHaveTextContent('until then you keep signing in with alex@stanford.edu');
    expect(mails('alex@berkeley.edu')).toEqual(['email-change']);
    expect(mails('alex@stanford.edu')).toEqual(['email-change-notice']);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /Change Email/ })).toHaveTextContent(
      'Waiting for the link sent to alex@berkeley.edu',
    );
  });

  it('tells the outcome of the link once', async () => {
    seedSignedInUser();
    const { router } = renderApp('/settings?email_changed=1');
    expect(await screen.findByText('Your address is changed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
