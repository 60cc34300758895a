/** Bios, prompt answers and group names are classified on save (issue 15 "Everywhere"). */
import { SCREEN_MESSAGES } from '../../core/moderation/screen';
import { profileBody, uploadPhotos } from '../support/profiles';
import { signedInStudent } from '../support/students';
import { makeTestApp, signedInAdmin, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

// Blatant (confidence ≥ 0.99) and borderline (about 0.8) texts, checked with `nestmate moderation classify`.
const SCAM_BIO =
  "I'm out of the country right now, wire the deposit today and I will mail you the keys, no viewing needed";
const HARASSMENT = 'You are a worthless stupid bitch, I know where you live';
const BORDERLINE = 'Happy to chat on WhatsApp about the place';
const ORDINARY_ANSWERS = [
  'I cook big pasta dinners on Sundays and share leftovers.',
  'Quiet on weeknights, happy to hang out on weekends.',
  'I split chores with a shared calendar and always do my dishes.',
];

/** The queue as the admin sees it. */
async function pendingFlags(t: App) {
  const admin = await signedInAdmin(t);
  return (await admin.get('/api/admin/flags')).json.flags as {
    contentType: string;
    contentId: string;
    authorId: string;
    flagReason: string;
    confidenceScore: number;
    content: string | null;
  }[];
}

async function wizard(t: App) {
  const c = await signedInClient(t, 'wizard@ucla.edu');
  await uploadPhotos(c, 3);
  const id = (await c.get('/api/me')).json.user.id as string;
  return { c, id };
}

/** A profile whose only questionable text is its bio. */
const withBio = (bio: string) => {
  const body = profileBody();
  const prompts = body.prompts.map((p, i) => ({ ...p, response: ORDINARY_ANSWERS[i] ?? '' }));
  return { ...body, basics: { ...body.basics, bio }, prompts };
};

const refused = (field: string) => ({
  status: 400,
  json: expect.objectContaining({
    code: 'VALIDATION',
    detail: SCREEN_MESSAGES.refused,
    errors: [{ path: field, message: SCREEN_MESSAGES.refused }],
  }),
});

describe('profiles are classified on save (issue 15)', () => {
  it('refuses a high-confidence scam bio with a clear field error and stores nothing', async () => {
    const t = makeTestApp();
    const { c } = await wizard(t);
    const res = await c.post('/api/profile/complete', withBio(SCAM_BIO));
    expect(res).toMatchObject(refused('basics.bio'));
    expect((await c.get('/api/me')).json.user.hasProfile).toBe(false);
    expect(await pendingFlags(t)).toEqual([]);
  });

  it('refuses a harassing prompt answer in the editor and keeps the saved one', async () => {
    const t = makeTestApp();
    const { c } = await wizard(t);
    expect((await c.post('/api/profile/complete', profileBody())).status).toBe(200);
    const body = profileBody();
    const prompts = body.prompts.map((p, i) => (i === 1 ? { ...p, response: HARASSMENT } : p));
    expect(await c.put('/api/profile', { ...body, prompts })).toMatchObject(refused('prompts.1.response'));
    const saved = (await c.get('/api/profile')).json.profile.prompts as { response: string }[];
    expect(saved.map((p) => p.response)).toEqual(['Answer number 1', 'Answer number 2', 'Answer number 3']);
  });

  it('saves a lower-confidence bio and queues it for an admin', async () => {
    const t = makeTestApp();
    const { c, id } = await wizard(t);
    const res = await c.post('/api/profile/complete', withBio(BORDERLINE));
    expect(res.status).toBe(200);
    expect(res.json.profile.bio).toBe(BORDERLINE);
    const flags = await pendingFlags(t);
    expect(flags).toEqual([
      expect.objectContaining({ contentType: 'profile', contentId: id, authorId: id, flagReason: 'off_platform' }),
    ]);
    expect(flags[0]?.confidenceScore).toBeLessThan(0.95);
    // The admin reads the whole profile text, prompt answers included.
    expect(flags[0]?.content).toBe(['Jordan Rivera', BORDERLINE, ...ORDINARY_ANSWERS].join('\n'));
  });

  it('removing the flag takes everything the owner wrote: the bio and the prompt answers', async () => {
    const t = makeTestApp();
    const { c } = await wizard(t);
    expect((await c.post('/api/profile/complete', withBio(BORDERLINE))).status).toBe(200);
    const admin = await signedInAdmin(t);
    const [flag] = (await admin.get('/api/admin/flags')).json.flags as { id: string }[];
    expect((await admin.post(`/api/admin/flags/${flag?.id}/review`, { decision: 'removed' })).status).toBe(200);
    const profile = (await c.get('/api/profile')).json.profile;
    expect(profile.bio).toBe('');
    expect(profile.prompts).toEqual([]);
    // The owner writes three new answers, screened like the first ones.
    expect((await c.put('/api/profile', withBio(profileBody().basics.bio))).status).toBe(200);
    expect((await c.get('/api/profile')).json.profile.prompts).toHaveLength(3);
  });

  it('queues nothing for an ordinary profile', async () => {
    const t = makeTestApp();
    const { c } = await wizard(t);
    expect((await c.post('/api/profile/complete', withBio(profileBody().basics.bio))).status).toBe(200);
    expect(await pendingFlags(t)).toEqual([]);
  });
});

describe('groups are classified on save (issue 15)', () => {
  const create = (c: TestClient, body: Record<string, unknown>) => c.post('/api/groups', body);

  it('refuses a high-confidence group name or description, and a rename to one', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    expect(await create(a.c, { name: 'Send me nudes' })).toMatchObject(refused('name'));
    expect(await create(a.c, { name: 'Westwood four', description: SCAM_BIO })).toMatchObject(refused('description'));
    expect((await a.c.get('/api/groups')).json.groups).toEqual([]);
    const group = (await create(a.c, { name: 'Westwood four' })).json.group;
    expect(await a.c.put(`/api/groups/${group.id}`, { name: 'kys loser' })).toMatchObject(refused('name'));
    expect((await a.c.get('/api/groups')).json.groups.map((g: { name: string }) => g.name)).toEqual(['Westwood four']);
    expect(await pendingFlags(t)).toEqual([]);
  });

  it('saves a lower-confidence description and queues it by group id', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const res = await create(a.c, { name: 'Westwood four', description: BORDERLINE });
    expect(res.status).toBe(201);
    // The admin reads what was flagged: the group's name and description.
    expect(await pendingFlags(t)).toEqual([
      expect.objectContaining({
        contentType: 'other',
        contentId: res.json.group.id,
        authorId: a.id,
        content: `Westwood four\n${BORDERLINE}`,
      }),
    ]);
  });
});
