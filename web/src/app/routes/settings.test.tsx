import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { FEEDBACK_MESSAGES } from '../../../../core/feedback/rules';
import { PRIVACY_MESSAGES } from '../../../../core/privacy/data-requests';
import { db, seedSignedInUser } from '../../test/db';
import { resetNotificationPreferences, savedNotificationPreferences } from '../../test/notifications-handlers';
import { renderApp, skipCookieBanner } from '../../test/render-app';
import { completeExports, resetSettingsTest, seedFeatureRequest, settingsTest } from '../../test/settings-handlers';

vi.setConfig({ testTimeout: 20_000 });

async function openSettings() {
  const utils = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  return utils;
}

const group = (name: string) => screen.getByRole('region', { name });

describe('Settings', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetSettingsTest();
  });

  it('shows the three groups of 001 §2 with their links', async () => {
    seedSignedInUser();
    await openSettings();
    const account = group('Account');
    expect(within(account).getByRole('link', { name: /Edit Profile/ })).toHaveAttribute('href', '/edit-profile');
    expect(within(account).getByRole('link', { name: /Manage Subscription/ })).toHaveAttribute(
      'href',
      '/manage-subscription',
    );
    expect(within(account).getByRole('button', { name: /Sign Out/ })).toHaveTextContent('alex@stanford.edu');
    const safety = group('Safety and Privacy');
    expect(within(safety).getByRole('link', { name: /Blocked Users/ })).toHaveAttribute('href', '/blocked-users');
    expect(within(safety).getByRole('link', { name: /Emergency Contact/ })).toHaveAttribute(
      'href',
      '/emergency-contact',
    );
    const legal = group('Legal and Compliance');
    expect(within(legal).getAllByRole('link')).toHaveLength(6);
    expect(
      within(legal)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Cookie Preferences'), expect.stringContaining('Data Management')]);
  });

  it('sends a signed-out visitor to sign in', async () => {
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('signs out only after confirmation', async () => {
    seedSignedInUser();
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('button', { name: /Sign Out/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.session.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: /Sign Out/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(db.session.count()).toBe(0);
  });

  it('shows the sign-out failure toast', async () => {
    seedSignedInUser();
    const { user } = await openSettings();
    const { server } = await import('../../test/server');
    const { http, HttpResponse } = await import('msw');
    server.use(http.post('/api/auth/sign-out', () => HttpResponse.json({}, { status: 500 })));
    await user.click(screen.getByRole('button', { name: /Sign Out/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to sign out. Please try again.')).toBeInTheDocument();
  });

  it('reopens the cookie preferences', async () => {
    seedSignedInUser();
    const { user } = await openSettings();
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Cookie Preferences/ }));
    expect(await screen.findByRole('button', { name: 'Save Preferences' })).toBeInTheDocument();
  });

  describe('Data Management', () => {
    it('requests an export, shows it pending, then offers Download once built', async () => {
      seedSignedInUser();
      const createObjectURL = vi.fn(() => 'blob:export');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      // jsdom cannot follow the download link; record the click instead.
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      const { user } = await openSettings();
      await user.click(screen.getByRole('button', { name: /Data Management/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Data Management' });
      await user.click(within(dialog).getByRole('button', { name: 'Request Data Export' }));
      expect(await within(dialog).findByText(/Pending/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Request Data Export' })).toBeDisabled();
      expect(db.dataRequest.getAll().map((r) => [r.requestType, r.status])).toEqual([['export', 'pending']]);

      completeExports();
      const download = await within(dialog).findByRole('button', { name: 'Download' }, { timeout: 6000 });
      await user.click(download);
      await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      // jsdom's Blob has no text(); read it the old way.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
      expect(JSON.parse(text)).toHaveProperty('messages');
      expect(clicks.map((a) => a.download)).toEqual([expect.stringMatching(/^nestmate-export-.*\.json$/)]);
    });

    it('shows the export failure toast', async () => {
      seedSignedInUser();
      settingsTest.failing.add('POST /api/data-requests export');
      const { user } = await openSettings();
      await user.click(screen.getByRole('button', { name: /Data Management/ }));
      await user.click(await screen.findByRole('button', { name: 'Request Data Export' }));
      expect(await screen.findByText(PRIVACY_MESSAGES.exportFailed)).toBeInTheDocument();
    });

    it('deletes the account only after typing DELETE, then signs out to the landing page', async () => {
      seedSignedInUser();
      const { user, router } = await openSettings();
      await user.click(screen.getByRole('button', { name: /Data Management/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete My Account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      const confirm = within(dialog).getByRole('button', { name: 'Permanently Delete Account' });
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
      expect(confirm).toBeDisabled();
      await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(confirm);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByText('Account deletion requested')).toBeInTheDocument();
      expect(db.dataRequest.getAll().map((r) => r.requestType)).toEqual(['deletion']);
      expect(db.session.count()).toBe(0);
    });

    it('shows the deletion failure toast and stays signed in', async () => {
      seedSignedInUser();
      settingsTest.failing.add('POST /api/data-requests deletion');
      const { user, router } = await openSettings();
      await user.click(screen.getByRole('button', { name: /Data Management/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete My Account' }));
      await user.type(await screen.findByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(screen.getByRole('button', { name: 'Permanently Delete Account' }));
      expect(await screen.findByText(PRIVACY_MESSAGES.deletionFailed)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/settings');
      expect(db.session.count()).toBe(1);
    });
  });

  describe('Feature Requests', () => {
    async function openModal() {
      const utils = await openSettings();
      await utils.user.click(screen.getByRole('button', { name: /Feature Requests/ }));
      return { ...utils, dialog: await screen.findByRole('dialog', { name: 'Feature Requests' }) };
    }

    it('requires title and description, submits with the defaults, then thanks', async () => {
      seedSignedInUser();
      const { user, dialog } = await openModal();
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
      expect(await within(dialog).findByText(FEEDBACK_MESSAGES.required)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Category')).toHaveValue('other');
      expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');
      expect(within(dialog).getByLabelText('Title')).toHaveAttribute('maxLength', '100');
      expect(within(dialog).getByLabelText('Description')).toHaveAttribute('maxLength', '500');

      await user.type(within(dialog).getByLabelText('Title'), 'Pet-friendly filter');
      await user.type(within(dialog).getByLabelText('Description'), 'Let me filter by pets.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
      const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
      expect(db.featureRequest.getAll()).toMatchObject([
        { title: 'Pet-friendly filter', description: 'Let me filter by pets.', category: 'other', priority: 'medium' },
      ]);
      await user.click(within(thanks).getByRole('button', { name: 'Submit Another Request' }));
      expect(await screen.findByRole('dialog', { name: 'Feature Requests' })).toBeInTheDocument();
      expect(screen.getByLabelText('Title')).toHaveValue('');
    });

    it('shows Submission Failed when the server fails', async () => {
      seedSignedInUser();
      settingsTest.failing.add('POST /api/feature-requests');
      const { user, dialog } = await openModal();
      await user.type(within(dialog).getByLabelText('Title'), 'Dark mode');
      await user.type(within(dialog).getByLabelText('Description'), 'Easier on the eyes.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
      expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Thank you!' })).not.toBeInTheDocument();
    });

    it('lists the top five with votes; a second vote the same day is refused', async () => {
      seedSignedInUser();
      for (const [i, title] of ['A', 'B', 'C', 'D', 'E', 'F'].entries()) seedFeatureRequest(`Idea ${title}`, 10 - i);
      const { user, dialog } = await openModal();
      const list = await within(dialog).findByRole('list');
      expect(within(list).getAllByRole('listitem')).toHaveLength(5);
      expect(within(list).queryByText('Idea F')).not.toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('10 votes');

      await user.click(within(list).getByRole('button', { name: 'Vote for Idea B' }));
      await waitFor(() => expect(within(list).getAllByText(/10 votes/)).toHaveLength(2));
      // The button shows the vote counted (issue 17).
      const voted = within(list).getByRole('button', { name: 'Voted for Idea B' });
      expect(voted).toBeDisabled();
      expect(voted).toHaveAttribute('aria-pressed', 'true');
      expect(voted).toHaveTextContent('Voted');
      expect(within(list).getByRole('button', { name: 'Vote for Idea A' })).toBeEnabled();
      // A vote the server refuses (already voted today, e.g. from another tab) also shows as voted.
      db.vote.create({
        requestId: db.featureRequest.findFirst({ where: { title: { equals: 'Idea C' } } })!.id,
        day: new Date().toISOString().slice(0, 10),
      });
      await user.click(within(list).getByRole('button', { name: 'Vote for Idea C' }));
      expect(await screen.findByText(FEEDBACK_MESSAGES.voteTitle)).toBeInTheDocument();
      expect(await within(list).findByRole('button', { name: 'Voted for Idea C' })).toBeDisabled();
      expect(screen.getByText(FEEDBACK_MESSAGES.votedToday)).toBeInTheDocument();
    });

    it("remembers today's vote when the list is opened again (issue 17)", async () => {
      seedSignedInUser();
      seedFeatureRequest('Idea A', 3);
      seedFeatureRequest('Idea B', 2);
      db.vote.create({
        requestId: db.featureRequest.findFirst({ where: { title: { equals: 'Idea A' } } })!.id,
        day: new Date().toISOString().slice(0, 10),
      });
      const { dialog } = await openModal();
      const list = await within(dialog).findByRole('list');
      expect(await within(list).findByRole('button', { name: 'Voted for Idea A' })).toBeDisabled();
      expect(within(list).getByRole('button', { name: 'Vote for Idea B' })).toBeEnabled();
    });

    it('shows Voting Failed on a server fault', async () => {
      seedSignedInUser();
      seedFeatureRequest('Idea A', 3);
      settingsTest.failing.add('POST /api/feature-requests/vote');
      const { user, dialog } = await openModal();
      await user.click(await within(dialog).findByRole('button', { name: 'Vote for Idea A' }));
      expect(await screen.findByText('Voting Failed')).toBeInTheDocument();
      expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    });
  });

  it('turns marketing e-mail on and off with the switch the Terms screen promises (issue 17)', async () => {
    const me = seedSignedInUser();
    db.agreement.create({ userId: me.id, tos_accepted: true, privacy_accepted: true, marketing_accepted: false });
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Marketing Emails' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Tips and product updates/);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(await screen.findByText('Marketing emails on')).toBeInTheDocument();
    expect(db.agreement.getAll().map((a) => a.marketing_accepted)).toEqual([false, true]);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(db.agreement.getAll().map((a) => a.marketing_accepted)).toEqual([false, true, false]);
  });

  it('chooses the e-mail digest in Settings → Notifications (issue 19)', async () => {
    seedSignedInUser();
    resetNotificationPreferences();
    const { user } = await openSettings();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const digest = within(dialog).getByRole('group', { name: 'E-mail digest' });
    expect(await within(digest).findByRole('radio', { name: 'After 6 hours away' })).toBeChecked();
    await user.click(within(digest).getByRole('radio', { name: 'Once a day' }));
    await waitFor(() => expect(savedNotificationPreferences().digest).toBe('daily'));
    expect(within(digest).getByRole('radio', { name: 'Once a day' })).toBeChecked();
  });
});
