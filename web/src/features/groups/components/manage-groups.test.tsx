import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { GROUP_MESSAGES } from '../../../../../core/groups/rules';
import { seedSignedInUser } from '../../../test/db';
import { groupsTest } from '../../../test/groups-handlers';
import { openSocketCount, pushFrame } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

const chip = () => screen.findByRole('button', { name: /^Search mode:/ });
/** The chip while Manage Groups is open (the page behind a modal is hidden from the accessibility tree). */
const chipBehind = () => screen.getByRole('button', { name: /^Search mode:/, hidden: true });

async function openManageGroups(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await chip());
  return screen.findByRole('dialog', { name: 'Manage Groups' });
}

describe('Manage Groups and the mode chip (001 §2, §4, §5)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
  });

  it('starts in Solo with Group unavailable, creates a group as its admin and generates a code', async () => {
    seedSignedInUser();
    const { user } = renderApp('/');
    expect(await chip()).toHaveTextContent('Solo');
    const dialog = await openManageGroups(user);
    expect(await within(dialog).findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Solo/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Group/ })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    const create = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.click(within(create).getByRole('button', { name: 'Create Group' }));
    expect(within(create).getByText(GROUP_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(groupsTest.groups()).toHaveLength(0);
    await user.type(within(create).getByLabelText('Group name'), 'Westwood Crew');
    await user.click(within(create).getByRole('button', { name: 'Create Group' }));

    const card = await within(dialog).findByRole('listitem', { name: 'Westwood Crew' });
    const members = within(card).getByRole('list', { name: 'Members of Westwood Crew' });
    expect(within(members).getByText('Admin')).toBeInTheDocument();
    expect(within(members).getByText('(you)')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Generate Invite Code' }));
    expect(await within(card).findByText(/^[A-Z2-9]{6}$/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy Code' })).toBeInTheDocument();
  });

  it('updates the member list live when someone joins or leaves (issue 17)', async () => {
    const me = seedSignedInUser();
    const group = groupsTest.seed('Westwood Crew', [{ userId: me.id, name: 'Me' }]);
    const { user } = renderApp('/');
    const dialog = await openManageGroups(user);
    const members = await within(dialog).findByRole('list', { name: 'Members of Westwood Crew' });
    await waitFor(() => expect(openSocketCount()).toBeGreaterThan(0));
    // Riley joins from another browser: the server tells every member.
    group.members.push({
      userId: 'riley',
      name: 'Riley Chen',
      role: 'member',
      profilePhotoUrl: null,
      joinedAt: new Date().toISOString(),
    });
    pushFrame({ type: 'group.updated', groupId: group.id });
    expect(await within(members).findByText('Riley Chen')).toBeInTheDocument();
    group.members.pop();
    pushFrame({ type: 'group.updated', groupId: group.id });
    await waitFor(() => expect(within(members).queryByText('Riley Chen')).not.toBeInTheDocument());
  });

  it('joins with a code typed in lower case, shows the empty and wrong-code messages', async () => {
    const me = seedSignedInUser();
    groupsTest.seed('Sunset Six', [{ userId: 'someone-else', name: 'Riley' }], 'K7QX2M');
    const { user } = renderApp('/');
    const dialog = await openManageGroups(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Join Group' }));
    const join = await screen.findByRole('dialog', { name: 'Join Group' });
    const input = within(join).getByLabelText('Invite code');
    await user.click(within(join).getByRole('button', { name: 'Join Group' }));
    expect(within(join).getByText(GROUP_MESSAGES.codeRequired)).toBeInTheDocument();

    await user.type(input, 'abcdefgh');
    expect(input).toHaveValue('ABCDEF');
    await user.click(within(join).getByRole('button', { name: 'Join Group' }));
    expect(await within(join).findByText(GROUP_MESSAGES.invalidCode)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'k7qx2m');
    await user.click(within(join).getByRole('button', { name: 'Join Group' }));
    const card = await within(dialog).findByRole('listitem', { name: 'Sunset Six' });
    expect(within(card).getByText('Riley')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Generate Invite Code' })).not.toBeInTheDocument();
    expect(groupsTest.groups()[0]?.members.map((m) => m.userId)).toEqual(['someone-else', me.id]);
  });

  it('names the active group on the chip in Group mode; Deactivate and Leave go back to Solo', async () => {
    const me = seedSignedInUser();
    const group = groupsTest.seed('Bruin Nest', [
      { userId: me.id, name: 'Alex' },
      { userId: 'friend', name: 'Sam' },
    ]);
    groupsTest.setMode(me.id, { mode: 'group', activeGroupId: group.id });
    const { user } = renderApp('/');
    await waitFor(async () => expect(await chip()).toHaveTextContent('Group · Bruin Nest'));
    const dialog = await openManageGroups(user);
    expect(within(dialog).getByRole('radio', { name: /Group/ })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: /Solo/ }));
    await waitFor(() => expect(chipBehind()).toHaveTextContent('Solo'));
    await user.click(within(dialog).getByRole('radio', { name: /Group/ }));
    await waitFor(() => expect(chipBehind()).toHaveTextContent('Group · Bruin Nest'));

    const card = within(dialog).getByRole('listitem', { name: 'Bruin Nest' });
    await user.click(within(card).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(chipBehind()).toHaveTextContent('Solo'));
    expect(await within(card).findByRole('button', { name: 'Set Active' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Group/ })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Leave Group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Bruin Nest?' });
    expect(within(confirm).getByText('The member who joined first after you becomes the admin.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Leave Group' }));
    expect(await within(dialog).findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(chipBehind()).toHaveTextContent('Solo');
    expect(groupsTest.groups()[0]?.members).toEqual([expect.objectContaining({ userId: 'friend', role: 'admin' })]);
  });
});
