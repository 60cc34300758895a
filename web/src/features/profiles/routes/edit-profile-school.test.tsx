/** The school in the profile editor (issue 16 §1): locked when the address gives it, the list otherwise. */
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ProfileInput } from '../../../lib/api-types';
import { seedSignedInUser } from '../../../test/db';
import { useNodeMultipart } from '../../../test/multipart';
import { seedCompleteProfile } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

vi.setConfig({ testTimeout: 20_000 });

async function openEditor() {
  const utils = renderApp('/edit-profile');
  await screen.findByRole('heading', { level: 1, name: 'Edit Profile' });
  await screen.findByRole('textbox', { name: 'Bio' });
  return utils;
}

describe('the school on /edit-profile', () => {
  beforeEach(async () => {
    skipCookieBanner();
    await useNodeMultipart();
  });

  it('shows the derived school locked, explains why, and saves it whatever the profile had', async () => {
    const me = seedSignedInUser({ verifiedUniversity: 'University of California, Berkeley' });
    // A profile saved before its school was derived: the editor moves it to the derived one.
    seedCompleteProfile(me.id);
    let body: ProfileInput | null = null;
    server.use(
      http.put('/api/profile', async ({ request }) => {
        body = (await request.clone().json()) as ProfileInput;
        return undefined;
      }),
    );
    const { user } = await openEditor();
    const school = screen.getByRole('textbox', { name: 'University' });
    expect(school).toHaveValue('University of California, Berkeley');
    expect(school).toHaveAttribute('readonly');
    expect(school).toHaveAccessibleDescription(
      'School verified. It comes from your confirmed university e-mail address. To change school, change your address in Settings.',
    );
    expect(screen.queryByRole('combobox', { name: /^University/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/School not verified/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body!.basics.university).toBe('University of California, Berkeley');
  });

  it('offers the full list and says "school not verified" when the address gives no school', async () => {
    const me = seedSignedInUser({ verifiedUniversity: null });
    seedCompleteProfile(me.id);
    await openEditor();
    expect(screen.getByRole('combobox', { name: /^University/ })).toHaveValue('Stanford University');
    expect(screen.getByText('School not verified.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'University' })).not.toBeInTheDocument();
  });

  it('shows the server refusing another school on the field', async () => {
    const me = seedSignedInUser({ verifiedUniversity: 'Stanford University' });
    seedCompleteProfile(me.id);
    const message =
      'Your university comes from your confirmed e-mail address. To change it, change your address in Settings.';
    server.use(
      http.put('/api/profile', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Validation failed',
            status: 400,
            detail: message,
            code: 'VALIDATION',
            errors: [{ path: 'basics.university', message }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'University' })).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
  });
});
