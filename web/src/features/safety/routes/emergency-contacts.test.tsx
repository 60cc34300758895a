import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { RELATIONSHIPS, SAFETY_MESSAGES } from '../../../../../core/safety/rules';
import { db, seedSignedInUser } from '../../../test/db';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { resetSettingsTest, seedContact, settingsTest } from '../../../test/settings-handlers';

vi.setConfig({ testTimeout: 20_000 });

const list = () => screen.findByRole('list', { name: 'Your emergency contacts' });
const names = async () =>
  within(await list())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('Emergency Contacts', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetSettingsTest();
  });

  it('adds a first contact, which becomes primary, with the phone rule of 001 §5', async () => {
    seedSignedInUser();
    const { user } = renderApp('/emergency-contact');
    expect(await screen.findByRole('heading', { name: 'No emergency contacts yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    const relationship = within(dialog).getByLabelText(/Relationship/);
    expect(
      within(relationship)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...RELATIONSHIPS]);

    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(within(dialog).getByText(SAFETY_MESSAGES.contactName)).toBeInTheDocument();
    expect(within(dialog).getByText(SAFETY_MESSAGES.contactPhone)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Maria Lopez');
    await user.type(within(dialog).getByLabelText('Phone number'), '0123');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(within(dialog).getByText(SAFETY_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(db.contact.count()).toBe(0);

    await user.clear(within(dialog).getByLabelText('Phone number'));
    await user.type(within(dialog).getByLabelText('Phone number'), '(415) 555-0101');
    await user.selectOptions(relationship, 'Parent');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(await list()).getByRole('listitem');
    expect(row).toHaveTextContent('Maria Lopez');
    expect(row).toHaveTextContent('Primary');
    expect(row).toHaveTextContent('Parent');
    // Stored as digits, shown the U.S. way (issue 17).
    expect(within(row).getByRole('link', { name: '(415) 555-0101' })).toHaveAttribute('href', 'tel:4155550101');
    expect(within(row).queryByRole('button', { name: /Set .* as primary/ })).not.toBeInTheDocument();
  });

  it('switches the primary contact and lists it first', async () => {
    seedSignedInUser();
    seedContact({ name: 'Maria Lopez', isPrimary: true });
    seedContact({ name: 'Luis Lopez', relationship: 'Sibling' });
    const { user } = renderApp('/emergency-contact');
    expect(await names()).toEqual([expect.stringContaining('Maria Lopez'), expect.stringContaining('Luis Lopez')]);
    await user.click(screen.getByRole('button', { name: 'Set Luis Lopez as primary' }));
    await waitFor(async () =>
      expect(await names()).toEqual([expect.stringContaining('Luis Lopez'), expect.stringContaining('Maria Lopez')]),
    );
    expect(
      db.contact
        .getAll()
        .filter((c) => c.isPrimary)
        .map((c) => c.name),
    ).toEqual(['Luis Lopez']);
  });

  it('edits a contact', async () => {
    seedSignedInUser();
    seedContact({ name: 'Maria Lopez' });
    const { user } = renderApp('/emergency-contact');
    await user.click(await screen.findByRole('button', { name: 'Edit Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Maria L. Lopez');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Maria L. Lopez')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    seedSignedInUser();
    seedContact({ name: 'Maria Lopez' });
    const { user } = renderApp('/emergency-contact');
    await user.click(await screen.findByRole('button', { name: 'Delete Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Maria Lopez?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.contact.count()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Delete Maria Lopez' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No emergency contacts yet' })).toBeInTheDocument();
    expect(db.contact.count()).toBe(0);
  });

  it.each([
    ['GET /api/emergency-contacts', 'Failed to load emergency contacts.'],
    ['DELETE /api/emergency-contacts', 'Failed to delete emergency contact. Please try again.'],
    ['POST /api/emergency-contacts/primary', 'Failed to update primary contact. Please try again.'],
    ['POST /api/emergency-contacts', SAFETY_MESSAGES.saveContactFailed],
  ])('shows the failure toast when %s fails', async (endpoint, message) => {
    seedSignedInUser();
    seedContact({ name: 'Maria Lopez', isPrimary: true });
    seedContact({ name: 'Luis Lopez' });
    settingsTest.failing.add(endpoint);
    const { user } = renderApp('/emergency-contact');
    if (endpoint === 'DELETE /api/emergency-contacts') {
      await user.click(await screen.findByRole('button', { name: 'Delete Luis Lopez' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    } else if (endpoint === 'POST /api/emergency-contacts/primary') {
      await user.click(await screen.findByRole('button', { name: 'Set Luis Lopez as primary' }));
    } else if (endpoint === 'POST /api/emergency-contacts') {
      await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Name'), 'Ana Park');
      await user.type(within(dialog).getByLabelText('Phone number'), '+1 415 555 0199');
      await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    }
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
