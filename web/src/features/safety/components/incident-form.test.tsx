import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

type Body = Record<string, unknown>;

/** Answers POST /api/security-incidents and records every body it receives. */
function mockIncidentEndpoint(status = 201) {
  const bodies: Body[] = [];
  server.use(
    http.post('/api/security-incidents', async ({ request }) => {
      bodies.push((await request.json()) as Body);
      if (status >= 400) {
        return HttpResponse.json(
          { title: 'Internal server error', status, code: 'INTERNAL', detail: 'boom' },
          { status, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json(
        {
          id: 'inc_1',
          status: 'reported',
          priority: 'high',
          acknowledgeBy: '2026-11-22T05:00:00.000Z',
          respondBy: '2026-11-22T11:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return bodies;
}

async function openForm() {
  skipCookieBanner();
  const app = renderApp('/security-center');
  const form = within(await screen.findByRole('form', { name: 'Report a security incident' }));
  return { ...app, form };
}

type Opened = Awaited<ReturnType<typeof openForm>>;

/** Types by pasting: the same change events as typing, without a keystroke per character. */
async function fill(user: Opened['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired({ user, form }: Opened) {
  await user.selectOptions(form.getByRole('combobox', { name: 'Incident type' }), 'phishing_attempt');
  await user.selectOptions(form.getByRole('combobox', { name: 'Severity' }), 'high');
  await fill(user, form.getByRole('textbox', { name: 'Subject' }), 'Fake Nestmate sign-in e-mail');
  await fill(
    user,
    form.getByRole('textbox', { name: 'Description' }),
    'A link to nestmate-login.example asks for passwords.',
  );
  await fill(user, form.getByRole('textbox', { name: 'Contact e-mail' }), 'sam.lee@ucla.edu');
}

describe('security incident form (001 §5)', () => {
  // sonner keeps its toasts in a module-level store; start every test with none.
  beforeEach(() => {
    toast.dismiss();
  });

  it('validates the required fields in the browser and sends nothing', async () => {
    const bodies = mockIncidentEndpoint();
    const { user, form } = await openForm();
    await user.click(form.getByRole('button', { name: 'Submit Security Report' }));

    expect(await form.findByText('Please choose an incident type.')).toBeInTheDocument();
    expect(form.getByText('Please choose a severity level.')).toBeInTheDocument();
    expect(form.getAllByText('This field is required')).toHaveLength(3); // subject, description, e-mail
    expect(form.getByRole('combobox', { name: 'Incident type' })).toHaveFocus();
    expect(form.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('checks the e-mail format and that affected users is not negative', async () => {
    const bodies = mockIncidentEndpoint();
    const opened = await openForm();
    const { user, form } = opened;
    await fillRequired(opened);
    const email = form.getByRole('textbox', { name: 'Contact e-mail' });
    await user.clear(email);
    await fill(user, email, 'sam.lee@');
    await fill(user, form.getByRole('spinbutton', { name: 'Affected users (optional)' }), '-3');
    await user.click(form.getByRole('button', { name: 'Submit Security Report' }));

    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(form.getByText('Affected users must be 0 or more.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('posts the JSON body, shows the success toast and resets the form', async () => {
    const bodies = mockIncidentEndpoint();
    const opened = await openForm();
    const { user, form } = opened;
    await fillRequired(opened);
    await fill(user, form.getByRole('spinbutton', { name: 'Affected users (optional)' }), '12');
    fireEvent.change(form.getByLabelText('Time discovered (optional)'), { target: { value: '2026-11-20T14:30' } });
    await fill(user, form.getByRole('textbox', { name: 'Steps taken (optional)' }), 'Changed my password.');
    await user.click(form.getByRole('button', { name: 'Submit Security Report' }));

    expect(await screen.findByText('Security report submitted')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        incident_type: 'phishing_attempt',
        severity_level: 'high',
        subject: 'Fake Nestmate sign-in e-mail',
        description: 'A link to nestmate-login.example asks for passwords.',
        contact_email: 'sam.lee@ucla.edu',
        affected_users_count: 12,
        time_discovered: new Date('2026-11-20T14:30').toISOString(),
        steps_taken: 'Changed my password.',
      },
    ]);
    expect(form.getByRole('combobox', { name: 'Incident type' })).toHaveValue('');
    expect(form.getByRole('combobox', { name: 'Severity' })).toHaveValue('');
    expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('');
    expect(form.getByRole('textbox', { name: 'Contact e-mail' })).toHaveValue('');
    expect(form.getByRole('spinbutton', { name: 'Affected users (optional)' })).toHaveValue(null);
    expect(form.getByLabelText('Time discovered (optional)')).toHaveValue('');
  });

  it('sends null for the optional fields left empty', async () => {
    const bodies = mockIncidentEndpoint();
    const opened = await openForm();
    const { user, form } = opened;
    await fillRequired(opened);
    await user.click(form.getByRole('button', { name: 'Submit Security Report' }));
    await screen.findByText('Security report submitted');
    expect(bodies[0]).toMatchObject({ affected_users_count: null, time_discovered: null, steps_taken: null });
  });

  it('keeps what was typed and shows the failure toast when the server fails', async () => {
    const bodies = mockIncidentEndpoint(500);
    const opened = await openForm();
    const { user, form } = opened;
    await fillRequired(opened);
    await user.click(form.getByRole('button', { name: 'Submit Security Report' }));

    expect(
      await screen.findByText(
        'Failed to submit security report. For urgent matters, please email security@nestmate.app directly.',
      ),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText('Security report submitted')).not.toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Fake Nestmate sign-in e-mail');
  });
});
