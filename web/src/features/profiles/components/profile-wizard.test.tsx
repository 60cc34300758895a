import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { PROFILE_MESSAGES, SLIDER_LABELS, wizardProgress } from '../../../../../core/profiles/rules';
import { PROMPTS } from '../../../../../fixtures/prompts';
import type { ProfileInput } from '../../../lib/api-types';
import { db, seedSignedInUser } from '../../../test/db';
import { problem } from '../../../test/handlers';
import { useNodeMultipart } from '../../../test/multipart';
import { photosOf, seedPhotos } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';
import { server } from '../../../test/server';

const image = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

async function startWizard(photos = 0) {
  const me = seedSignedInUser({ hasProfile: false });
  if (photos) seedPhotos(me.id, photos);
  const utils = renderApp('/');
  await utils.user.click(await screen.findByRole('button', { name: 'Get Started' }));
  await screen.findByText('Step 1 of 3');
  return { ...utils, me };
}

const percentShown = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
const next = () => screen.getByRole('button', { name: 'Next Step' });

async function choosePrompts(user: UserEvent, count: number) {
  for (const p of PROMPTS.slice(0, count)) await user.click(screen.getByRole('button', { name: p.promptText }));
}

async function answerAll(user: UserEvent) {
  for (const box of screen.getAllByRole('textbox')) await user.type(box, 'Cooking together on Sundays');
}

async function reachStep3(user: UserEvent) {
  await user.click(next());
  await screen.findByText('Step 2 of 3');
  await choosePrompts(user, 3);
  await answerAll(user);
  await user.click(next());
  await screen.findByText('Step 3 of 3');
}

async function fillRequired(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText(/^Smoking/), 'no_smoking');
  await user.selectOptions(screen.getByLabelText(/^Housing status/), 'looking_to_join');
  await user.selectOptions(screen.getByLabelText(/^How you pay rent/), 'part-time');
  await user.selectOptions(screen.getByLabelText(/^Need a cosigner/), 'no');
  const moveIn = screen.getByLabelText(/^Move-in/) as HTMLSelectElement;
  await user.selectOptions(moveIn, 'flexible');
}

async function fillBasics(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Jo Park');
  await user.type(screen.getByRole('combobox', { name: /^University/ }), 'stanford');
  await user.click(await screen.findByRole('option', { name: 'Stanford University' }));
}

// Whole-flow tests: each walks several steps of the wizard through the real app.
vi.setConfig({ testTimeout: 20_000 });

describe('profile wizard', () => {
  beforeEach(async () => {
    skipCookieBanner();
    await useNodeMultipart();
  });

  it('gates step 1 on 3 photos, uploads each file, and shows per-file errors', async () => {
    const { user, me } = await startWizard();
    expect(next()).toBeDisabled();
    expect(screen.getByText(PROFILE_MESSAGES.needPhotos)).toBeInTheDocument();
    expect(screen.getByText('3 more required')).toBeInTheDocument();
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Profile' })).toBeEnabled();

    const input = screen.getByTestId('photo-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    const tooBig = image('huge.jpg', 5 * 1024 * 1024 + 1);
    await user.upload(input, [image('a.jpg'), tooBig]);
    expect(await screen.findByText('File huge.jpg is too large. Max size is 5MB.')).toBeInTheDocument();
    await screen.findByText('2 more required');
    expect(photosOf(me.id)).toHaveLength(1);
    expect(screen.getByText('Main picture')).toBeInTheDocument();
    expect(percentShown()).toBe(wizardProgress(1, { photos: 1, answeredPrompts: 0, filledPreferences: 0 }));
    expect(screen.getByText('33% complete')).toBeInTheDocument();

    // The server is the authority: its message is shown for the file it refused.
    server.use(
      http.post('/api/profile/photos', async ({ request }) => {
        const file = (await request.clone().formData()).get('photo') as File;
        if (file.name === 'sneaky.jpg')
          return problem(400, 'PROFILES.PHOTO_NOT_IMAGE', 'File sneaky.jpg is not an image.');
        return undefined;
      }),
    );
    await user.upload(input, [image('b.jpg'), image('sneaky.jpg'), image('c.jpg')]);
    expect(await screen.findByText('File sneaky.jpg is not an image.')).toBeInTheDocument();
    await screen.findByText('3 remaining');
    expect(photosOf(me.id)).toHaveLength(3);
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    expect(screen.queryByText(PROFILE_MESSAGES.needPhotos)).not.toBeInTheDocument();
  });

  it('refuses a 4th prompt, counts answers up to 300, and clears errors when the step changes', async () => {
    const { user } = await startWizard(3);
    await user.click(next());
    await screen.findByText('Step 2 of 3');
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(screen.getByText('Choose 3 more prompts to continue')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    // 8 prompts first, then Show All Prompts.
    const catalogue = screen.getByRole('heading', { name: 'Choose a prompt' }).parentElement!;
    expect(within(catalogue).getAllByRole('listitem')).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Show All Prompts' }));
    expect(within(catalogue).getAllByRole('listitem')).toHaveLength(PROMPTS.filter((p) => p.isActive).length);

    await choosePrompts(user, 1);
    expect(screen.getByText('Choose 2 more prompts to continue')).toBeInTheDocument();
    for (const p of PROMPTS.slice(1, 3)) await user.click(screen.getByRole('button', { name: p.promptText }));
    expect(screen.getByText(PROFILE_MESSAGES.answerPrompts)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    // New prompts start with an empty answer.
    for (const box of screen.getAllByRole('textbox')) expect(box).toHaveValue('');

    await user.click(screen.getByRole('button', { name: PROMPTS[3]!.promptText }));
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.tooManyPrompts);
    expect(screen.getAllByRole('textbox')).toHaveLength(3);

    const [first, second, third] = screen.getAllByRole('textbox') as HTMLTextAreaElement[];
    await user.type(first!, 'Hi');
    expect(screen.getByText('2/300')).toBeInTheDocument();
    expect(screen.getByText('33% complete')).toBeInTheDocument();
    await user.click(first!);
    await user.paste('x'.repeat(400));
    expect(first!.value).toHaveLength(300);
    expect(screen.getByText('300/300')).toBeInTheDocument();
    await user.type(second!, '   ');
    expect(screen.getByText('33% complete')).toBeInTheDocument();
    await user.type(second!, 'Quiet evenings');
    await user.type(third!, 'Board games');
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(next()).toBeEnabled();

    // The x removes a prompt.
    await user.click(screen.getByRole('button', { name: `Remove prompt: ${PROMPTS[2]!.promptText}` }));
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByText('Choose 1 more prompt to continue')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: PROMPTS[3]!.promptText }));
    await user.click(screen.getByRole('button', { name: PROMPTS[4]!.promptText }));
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.tooManyPrompts);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Step 1 of 3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Back to Profile leaves the wizard for the setup overview', async () => {
    const { user } = await startWizard();
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Let's set up your profile" })).toBeInTheDocument();
  });

  it('sets preferences (sliders, Open to all, chips), completes, toasts and shows the main app', async () => {
    const { user, me } = await startWizard(3);
    let body: ProfileInput | null = null;
    server.use(
      http.post('/api/profile/complete', async ({ request }) => {
        body = (await request.clone().json()) as ProfileInput;
        return undefined;
      }),
    );
    await reachStep3(user);
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.completePreferences)).toBeInTheDocument();
    const complete = screen.getByRole('button', { name: 'Complete Profile' });
    expect(complete).toBeDisabled();

    const sliders = screen.getAllByRole('slider');
    expect(sliders).toHaveLength(4);
    for (const s of sliders) expect(s).toHaveAttribute('aria-valuenow', '5');
    expect(sliders[0]).toHaveAttribute('aria-valuetext', `5 of 5: ${SLIDER_LABELS.cleanliness[4]}`);
    sliders[0]!.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(sliders[0]).toHaveAttribute('aria-valuetext', `3 of 5: ${SLIDER_LABELS.cleanliness[2]}`);

    await user.selectOptions(screen.getByLabelText(/^Smoking/), 'no_smoking');
    expect(screen.getByText('20% complete')).toBeInTheDocument();
    expect(percentShown()).toBe(wizardProgress(3, { photos: 3, answeredPrompts: 3, filledPreferences: 1 }));
    await fillRequired(user);
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    // All five preferences, but name and university are still needed.
    expect(complete).toBeDisabled();
    expect(screen.getByText(PROFILE_MESSAGES.nameRequired)).toBeInTheDocument();

    const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
    await user.click(screen.getByRole('button', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Female' }));
    expect([pressed('Male'), pressed('Female'), pressed('Open to all')]).toEqual(['true', 'true', 'false']);
    await user.click(screen.getByRole('button', { name: 'Open to all' }));
    expect([pressed('Male'), pressed('Female'), pressed('Open to all')]).toEqual(['false', 'false', 'true']);
    await user.click(screen.getByRole('button', { name: 'Non-binary' }));
    expect([pressed('Non-binary'), pressed('Open to all')]).toEqual(['true', 'false']);

    const hoods = screen.getByRole('textbox', { name: 'Preferred neighborhoods' });
    await user.type(hoods, '  Mission District {Enter}');
    await user.type(hoods, 'mission district');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(hoods, 'Noe Valley{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Mission District' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove mission district' })).not.toBeInTheDocument();
    await user.type(hoods, 'SoMa{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove SoMa' }));
    expect(screen.queryByRole('button', { name: 'Remove SoMa' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('spinbutton', { name: 'Minimum' }), '700');
    await user.type(screen.getByRole('textbox', { name: 'Dealbreakers' }), 'smoking indoors, , loud music ');
    await user.selectOptions(screen.getByLabelText('Class year'), '2027');
    await fillBasics(user);
    expect(complete).toBeEnabled();

    await user.click(complete);
    expect(await screen.findByText('Profile completed!')).toBeInTheDocument();
    expect(screen.getByText('Your roommate profile is now active. Start discovering matches!')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(db.user.findFirst({ where: { id: { equals: me.id } } })?.hasProfile).toBe(true);

    expect(body).toMatchObject({
      basics: { name: 'Jo Park', university: 'Stanford University', graduationYear: 2027, gender: null },
      prompts: PROMPTS.slice(0, 3).map((p) => ({ promptId: p.id, response: 'Cooking together on Sundays' })),
      preferences: {
        cleanliness: 3,
        noiseLevel: 5,
        sleepSchedule: 5,
        studyHabits: 5,
        smokingTolerance: 'no_smoking',
        housingStatus: 'looking_to_join',
        financialStatus: 'part-time',
        needsCosigner: 'no',
        moveIn: 'flexible',
        minBudget: 700,
        maxBudget: null,
        preferredNeighborhoods: ['Mission District', 'Noe Valley'],
        dealbreakers: ['smoking indoors', 'loud music'],
        genderPreference: ['Non-binary'],
      },
    });
    expect(body).not.toHaveProperty('lifestyle');
  });

  it("shows the server's validation message, or the fallback", async () => {
    const { user } = await startWizard(3);
    await reachStep3(user);
    await fillRequired(user);
    await fillBasics(user);
    server.use(
      http.post('/api/profile/complete', () =>
        problem(400, 'VALIDATION', 'Text is too long (maximum 80 characters)', [
          { path: 'basics.name', message: 'Text is too long (maximum 80 characters)' },
        ]),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByRole('alert', { name: '' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Text is too long (maximum 80 characters)')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    server.use(http.post('/api/profile/complete', () => HttpResponse.json({}, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText(PROFILE_MESSAGES.completeFailed)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Steps' })).toBeInTheDocument();
  });
});
