import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { adminTest, resetAdminTest, seedAccount, seedFlag, seedReport } from '../../test/admin-handlers';
import { db, seedSignedInUser } from '../../test/db';
import { renderApp, skipCookieBanner } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const signInAdmin = () => seedSignedInUser({ email: 'ops@nestmate.app', isAdmin: true });

/** The number a stat card shows, found by its label. */
function statValue(label: string) {
  const card = screen.getByText(label, { selector: 'dt' }).parentElement;
  if (!card) throw new Error(`no card ${label}`);
  return card.querySelector('dd')?.textContent;
}

async function openDashboard(tab?: string) {
  const app = renderApp('/admin');
  await screen.findByRole('tab', { name: /User Reports/ });
  if (tab) await app.user.click(screen.getByRole('tab', { name: new RegExp(tab) }));
  return app;
}

describe('/admin', () => {
  beforeEach(() => {
    skipCookieBanner();
    resetAdminTest();
    toast.dismiss();
  });

  describe('access (001 §4)', () => {
    it('tells a student without admin rights "Access Denied" and sends them to /', async () => {
      seedSignedInUser();
      const { router } = renderApp('/admin');
      expect(await screen.findByText('Access Denied')).toBeInTheDocument();
      expect(screen.getByText("You don't have admin privileges.")).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.queryByRole('tab', { name: /User Reports/ })).not.toBeInTheDocument();
    });

    it('refuses a signed-out visitor the same way', async () => {
      const { router } = renderApp('/admin');
      expect(await screen.findByText("You don't have admin privileges.")).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it('shows a checking state, then the dashboard for an admin; Back to App goes to /', async () => {
      signInAdmin();
      const { router, user } = renderApp('/admin');
      expect(await screen.findByText('Checking admin access…')).toBeInTheDocument();
      await screen.findByRole('tab', { name: /User Reports/ });
      expect(screen.queryByText('Checking admin access…')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: /Back to App/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });
  });

  it('shows the five stat cards from the server', async () => {
    signInAdmin();
    seedAccount({ email: 'a@ucla.edu' });
    seedAccount({ email: 'b@ucla.edu' });
    seedAccount({ email: 'c@ucla.edu' });
    seedReport({ status: 'pending' });
    seedReport({ status: 'resolved' });
    seedReport({ status: 'dismissed' });
    seedFlag();
    seedFlag();
    seedFlag({ status: 'removed' });
    adminTest.pendingDataRequests = 4;
    await openDashboard();
    await waitFor(() => expect(statValue('Total users')).toBe('3'));
    expect(statValue('Total reports')).toBe('3');
    expect(statValue('Pending reports')).toBe('1');
    expect(statValue('Content flags')).toBe('2');
    expect(statValue('Data requests')).toBe('4');
  });

  describe('User Reports', () => {
    it('lists the 10 newest with category, date, severity and status badges', async () => {
      signInAdmin();
      for (let day = 1; day <= 12; day++) {
        seedReport({
          reportCategory: day === 12 ? 'fake_profile' : 'harassment',
          severityLevel: day === 12 ? 'critical' : 'low',
          createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
        });
      }
      await openDashboard();
      const list = await screen.findByRole('list', { name: 'Recent reports' });
      const items = within(list).getAllByRole('article');
      expect(items).toHaveLength(10);
      const newest = within(items[0] as HTMLElement);
      expect(newest.getByRole('heading', { name: 'Fake profile' })).toBeInTheDocument();
      expect(newest.getByText('Nov 12, 2026')).toBeInTheDocument();
      expect(newest.getByText('Severity: Critical')).toBeInTheDocument();
      expect(newest.getByText('Status: Pending')).toBeInTheDocument();
      // The two oldest (Nov 1 and 2) are not among the 10 newest.
      expect(screen.queryByText('Nov 2, 2026')).not.toBeInTheDocument();
      expect(screen.getByText('Nov 3, 2026')).toBeInTheDocument();
    });

    it('opens a report and changes its status', async () => {
      signInAdmin();
      const report = seedReport({ details: 'Asked me to pay a deposit by gift card.', reportCategory: 'scam' });
      const { user } = await openDashboard();
      await waitFor(() => expect(statValue('Pending reports')).toBe('1'));
      await user.click(await screen.findByRole('button', { name: /View details/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Report details' });
      expect(await within(dialog).findByText('Asked me to pay a deposit by gift card.')).toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText('Status'), 'resolved');
      await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(adminTest.writes).toEqual([
        { endpoint: `PUT /api/admin/reports/${report.id}`, body: { reportStatus: 'resolved' } },
      ]);
      expect(await screen.findByText('Status: Resolved')).toBeInTheDocument();
      await waitFor(() => expect(statValue('Pending reports')).toBe('0'));
    });
  });

  describe('Content Moderation', () => {
    it('filters by status, pending by default, and only pending items offer a review', async () => {
      signInAdmin();
      seedFlag({ content: 'Wire the deposit today, I am out of the country.' });
      seedFlag({
        status: 'removed',
        content: 'Send gift cards for the first month.',
        flagReason: 'rental scam: gift cards',
      });
      seedFlag({
        contentType: 'photo',
        content: 'https://nestmate.test/media/u1/photo.jpg',
        flagReason: 'explicit content',
        autoFlagged: false,
        confidenceScore: 0.61,
      });
      const { user } = await openDashboard('Content Moderation');
      const filter = await screen.findByLabelText('Show');
      expect(filter).toHaveValue('pending');
      const pending = await screen.findByRole('list', { name: 'Pending content flags' });
      expect(within(pending).getAllByRole('article')).toHaveLength(2);
      expect(within(pending).getByText('Wire the deposit today, I am out of the country.')).toBeInTheDocument();
      expect(within(pending).getByText('92%')).toBeInTheDocument();
      expect(within(pending).getByText('Auto-flagged')).toBeInTheDocument();
      // A photo flag shows the photo itself.
      expect(within(pending).getByRole('img', { name: 'Flagged for Explicit content' })).toHaveAttribute(
        'src',
        'https://nestmate.test/media/u1/photo.jpg',
      );
      expect(within(pending).getByText('61%')).toBeInTheDocument();
      expect(within(pending).getByText('User report')).toBeInTheDocument();
      expect(within(pending).getAllByRole('button', { name: /Review/ })).toHaveLength(2);
      expect(screen.queryByText('Send gift cards for the first month.')).not.toBeInTheDocument();

      await user.selectOptions(filter, 'removed');
      const removed = await screen.findByRole('list', { name: 'Removed content flags' });
      expect(within(removed).getByText('Send gift cards for the first month.')).toBeInTheDocument();
      expect(within(removed).queryByRole('button', { name: /Review/ })).not.toBeInTheDocument();
      // The author's history stays one click away, whatever the status (issue 15).
      expect(within(removed).getByRole('button', { name: /History/ })).toBeInTheDocument();
    });

    it('removes content through the review panel, with the optional note', async () => {
      signInAdmin();
      const flag = seedFlag({ content: 'Please wire transfer the deposit before viewing.' });
      const { user } = await openDashboard('Content Moderation');
      await user.click(await screen.findByRole('button', { name: /Review/ }));
      const panel = await screen.findByRole('dialog', { name: 'Review flagged content' });
      await user.type(within(panel).getByLabelText('Note (optional)'), 'Classic deposit scam');
      await user.click(within(panel).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Review Complete')).toBeInTheDocument();
      expect(screen.getByText('Content has been removed.')).toBeInTheDocument();
      expect(adminTest.writes).toEqual([
        {
          endpoint: `POST /api/admin/flags/${flag.id}/review`,
          body: { decision: 'removed', note: 'Classic deposit scam' },
        },
      ]);
      expect(await screen.findByText('No pending content flags.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('approves without a note', async () => {
      signInAdmin();
      const flag = seedFlag();
      const { user } = await openDashboard('Content Moderation');
      await user.click(await screen.findByRole('button', { name: /Review/ }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText('Content has been approved.')).toBeInTheDocument();
      expect(adminTest.writes[0]?.body).toEqual({ decision: 'approved', note: null });
      expect(db.contentFlag.findFirst({ where: { id: { equals: flag.id } } })?.status).toBe('approved');
    });

    it("shows the server's message when another admin reviewed the item first (409)", async () => {
      signInAdmin();
      const flag = seedFlag();
      const { user } = await openDashboard('Content Moderation');
      await user.click(await screen.findByRole('button', { name: /Review/ }));
      const panel = await screen.findByRole('dialog');
      // Someone else approves it meanwhile.
      db.contentFlag.update({ where: { id: { equals: flag.id } }, data: { status: 'approved' } });
      await user.click(within(panel).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('This item has already been reviewed.')).toBeInTheDocument();
      expect(screen.queryByText('Review Complete')).not.toBeInTheDocument();
      expect(await screen.findByText('No pending content flags.')).toBeInTheDocument();
    });

    it('shows each flag worst first with its severity, evidence marked in the text, and whether it is held (issue 15)', async () => {
      signInAdmin();
      seedFlag({
        flagReason: 'off_platform',
        severity: 'low',
        confidenceScore: 0.99,
        evidence: [],
        content: 'Text me',
      });
      seedFlag({
        flagReason: 'harassment',
        severity: 'high',
        held: true,
        content: 'You are worthless, I know where you live',
        evidence: ['i know where you live', 'worthless'],
      });
      await openDashboard('Content Moderation');
      const pending = await screen.findByRole('list', { name: 'Pending content flags' });
      const [first, second] = within(pending).getAllByRole('article') as HTMLElement[];
      expect(within(first as HTMLElement).getByText('High severity')).toBeInTheDocument();
      expect(within(first as HTMLElement).getByText('Held until reviewed')).toBeInTheDocument();
      expect(within(second as HTMLElement).getByText('Low severity')).toBeInTheDocument();
      // The evidence is listed, and marked where it stands in the text (case aside).
      expect(within(first as HTMLElement).getByText('i know where you live', { selector: 'dd' })).toBeInTheDocument();
      const marks = [...(first as HTMLElement).querySelectorAll('mark')].map((m) => m.textContent);
      expect(marks).toEqual(['worthless', 'I know where you live']);
    });

    it('removes the selected flags in one decision with one note, and says how many had gone meanwhile (issue 15)', async () => {
      signInAdmin();
      const a = seedFlag({ content: 'First scam' });
      const b = seedFlag({ content: 'Second scam' });
      const c = seedFlag({ content: 'A fine message' });
      const { user } = await openDashboard('Content Moderation');
      await screen.findByRole('list', { name: 'Pending content flags' });
      expect(screen.getByRole('button', { name: 'Remove selected' })).toBeDisabled();

      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
      const boxes = screen.getAllByRole('checkbox', { name: /^Select: Message flagged/ });
      const third = boxes.find((box) => box.closest('article')?.textContent?.includes('A fine message'));
      await user.click(third as HTMLElement);
      expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('aria-checked', 'mixed');

      await user.click(screen.getByRole('button', { name: 'Remove selected' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove 2 flagged items?' });
      await user.type(within(dialog).getByLabelText('Note (optional)'), 'Same scam ring');
      // Another admin decides one of them meanwhile: it is reported, not hidden.
      db.contentFlag.update({ where: { id: { equals: b.id } }, data: { status: 'approved' } });
      await user.click(within(dialog).getByRole('button', { name: 'Remove 2 flagged items' }));
      expect(
        await screen.findByText('1 item has been removed. 1 had already been reviewed or were gone.'),
      ).toBeInTheDocument();
      const [write] = adminTest.writes;
      expect(write?.endpoint).toBe('POST /api/admin/flags/review');
      expect(write?.body).toMatchObject({ decision: 'removed', note: 'Same scam ring' });
      expect([...((write?.body as { flagIds?: string[] } | undefined)?.flagIds ?? [])].sort()).toEqual(
        [a.id, b.id].sort(),
      );
      await waitFor(() => expect(screen.queryByText('First scam')).not.toBeInTheDocument());
      expect(screen.getByText('A fine message')).toBeInTheDocument();
      expect(screen.getByText('0 of 1 selected')).toBeInTheDocument();
      expect(db.contentFlag.findFirst({ where: { id: { equals: c.id } } })?.status).toBe('pending');
    });

    it('says "Failed to load content flags." when the queue cannot load', async () => {
      signInAdmin();
      adminTest.flagsFail = true;
      await openDashboard('Content Moderation');
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load content flags.');
    });
  });

  describe('User Management', () => {
    it('searches by e-mail or name and suspends, then unsuspends, after confirming', async () => {
      signInAdmin();
      const sam = seedAccount({ email: 'sam.taylor@berkeley.edu', name: 'Sam Taylor' });
      seedAccount({ email: 'ava.chen@ucla.edu', name: 'Ava Chen' });
      const { user } = await openDashboard('User Management');
      expect(await screen.findByText('ava.chen@ucla.edu')).toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'berkeley');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.queryByText('ava.chen@ucla.edu')).not.toBeInTheDocument());
      expect(screen.getByText('sam.taylor@berkeley.edu')).toBeInTheDocument();

      await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Ava');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('ava.chen@ucla.edu')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('sam.taylor@berkeley.edu')).not.toBeInTheDocument());

      await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'sam');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await user.click(await screen.findByRole('button', { name: 'Suspend Sam Taylor' }));
      const confirm = await screen.findByRole('dialog', { name: 'Suspend Sam Taylor?' });
      // Cancelling changes nothing.
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(adminTest.writes).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Suspend Sam Taylor' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Suspend Sam Taylor?' })).getByRole('button', {
          name: 'Suspend account',
        }),
      );
      expect(await screen.findByRole('button', { name: 'Unsuspend Sam Taylor' })).toBeInTheDocument();
      expect(screen.getByText('Suspended')).toBeInTheDocument();
      expect(adminTest.writes).toEqual([
        { endpoint: `PUT /api/admin/users/${sam.id}/status`, body: { accountStatus: 'suspended' } },
      ]);

      await user.click(screen.getByRole('button', { name: 'Unsuspend Sam Taylor' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Unsuspend Sam Taylor?' })).getByRole('button', {
          name: 'Unsuspend account',
        }),
      );
      expect(await screen.findByRole('button', { name: 'Suspend Sam Taylor' })).toBeInTheDocument();
      expect(adminTest.writes[1]?.body).toEqual({ accountStatus: 'active' });
    });
  });

  it('charts sign-ups, matches and messages per day, each with its data table', async () => {
    signInAdmin();
    adminTest.analytics = [
      { day: '2026-11-19', signUps: 4, matches: 1, messages: 12 },
      { day: '2026-11-20', signUps: 7, matches: 3, messages: 30 },
      { day: '2026-11-21', signUps: 2, matches: 0, messages: 9 },
    ];
    await openDashboard('Analytics');
    const signUps = await screen.findByRole('img', { name: /^Sign-ups 13 sign-ups over 3 days/ });
    expect(signUps).toHaveAccessibleName(expect.stringContaining('Busiest day Nov 20, 2026 with 7.'));
    expect(screen.getByRole('img', { name: /^Matches 4 matches over 3 days/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Messages 51 messages over 3 days/ })).toBeInTheDocument();
    // Bars scale to the busiest day.
    const bars = signUps.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    expect(Number(bars[1]?.getAttribute('height'))).toBeGreaterThan(Number(bars[0]?.getAttribute('height')));

    const table = screen.getByRole('table', { name: 'Messages per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Nov 20, 2026');
    expect(within(rows[2] as HTMLElement).getByRole('cell')).toHaveTextContent('30');
  });

  it('shows the auto-flag precision admins observed, per category and week (issue 15)', async () => {
    signInAdmin();
    const cell = (upheld: number, dismissed: number) => ({
      upheld,
      dismissed,
      precision: upheld + dismissed ? upheld / (upheld + dismissed) : null,
    });
    adminTest.precision = {
      weeks: ['2026-11-08', '2026-11-15'],
      overall: { total: cell(5, 1), weeks: [cell(2, 0), cell(3, 1)] },
      categories: [
        { category: 'rental_scam', total: cell(5, 1), weeks: [cell(2, 0), cell(3, 1)] },
        { category: 'hate', total: cell(0, 0), weeks: [cell(0, 0), cell(0, 0)] },
      ],
    };
    await openDashboard('Analytics');
    const table = await screen.findByRole('table', { name: 'Auto-flag precision' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Category', 'Week of Nov 8', 'Week of Nov 15', 'All']);
    const scam = within(table).getByRole('row', { name: /Rental scam/ });
    expect(
      within(scam)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['100% (2/2)', '75% (3/4)', '83% (5/6)']);
    const hate = within(table).getByRole('row', { name: /Hate/ });
    expect(
      within(hate)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['–', '–', '–']);
    expect(within(table).getByRole('row', { name: /All categories/ })).toBeInTheDocument();
  });
  it('shows "Living together" by compatibility band and by factor (N160)', async () => {
    signInAdmin();
    adminTest.outcomes = {
      answers: 5,
      unscored: 1,
      bands: [
        { band: '0–59', answers: 2, meanRating: 2, didNotMoveInShare: 0.5 },
        { band: '60–79', answers: 0, meanRating: null, didNotMoveInShare: null },
        { band: '80–100', answers: 3, meanRating: 4.25, didNotMoveInShare: 1 / 3 },
      ],
      factors: [
        { key: 'cleanliness', agreed: { answers: 2, meanRating: 4.5 }, differed: { answers: 1, meanRating: 2 } },
        { key: 'housing', agreed: { answers: 0, meanRating: null }, differed: { answers: 3, meanRating: 11 / 3 } },
      ],
    };
    await openDashboard('Analytics');
    const section = await screen.findByRole('region', { name: 'Living together' });
    expect(within(section).getByText(/5 answers \(1 more without a profile to score\)/)).toBeInTheDocument();
    const bands = within(section).getByRole('table', { name: 'Check-ins by compatibility band' });
    expect(
      within(bands)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Compatibility', 'Answers', 'Mean rating', 'Didn’t move in']);
    const cells = (table: HTMLElement, row: RegExp) =>
      within(within(table).getByRole('row', { name: row }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(bands, /^0–59/)).toEqual(['2', '2.0', '50%']);
    expect(cells(bands, /^60–79/)).toEqual(['0', '–', '–']);
    expect(cells(bands, /^80–100/)).toEqual(['3', '4.3', '33%']);
    const factors = within(section).getByRole('table', { name: /Mean rating by factor/ });
    expect(cells(factors, /^Cleanliness/)).toEqual(['4.5 (2)', '2.0 (1)']);
    expect(cells(factors, /^Housing/)).toEqual(['–', '3.7 (3)']);
  });

  it('says when no one has answered a check-in yet', async () => {
    signInAdmin();
    await openDashboard('Analytics');
    const section = await screen.findByRole('region', { name: 'Living together' });
    expect(await within(section).findByText(/No check-in answers yet/)).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});
