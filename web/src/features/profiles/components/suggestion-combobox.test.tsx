import { screen, within } from '@testing-library/react';
import { SUGGESTIONS_MAX, suggest } from '../../../../../core/profiles/rules';
import { UNIVERSITY_NAMES } from '../../../../../fixtures/university-list';
import { seedSignedInUser } from '../../../test/db';
import { seedCompleteProfile } from '../../../test/profile-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

describe('university suggestion list', () => {
  beforeEach(skipCookieBanner);

  it('filters case-insensitively, shows at most 50, and is usable from the keyboard', async () => {
    const me = seedSignedInUser();
    seedCompleteProfile(me.id);
    const { user } = renderApp('/edit-profile');
    const box = await screen.findByRole('combobox', { name: /^University/ });
    expect(box).toHaveValue('Stanford University');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');

    await user.clear(box);
    // Everything matches an empty query; the list stops at 50.
    const list = await screen.findByRole('listbox', { name: 'University suggestions' });
    await within(list).findAllByRole('option');
    expect(UNIVERSITY_NAMES.length).toBeGreaterThan(SUGGESTIONS_MAX);
    expect(within(list).getAllByRole('option')).toHaveLength(SUGGESTIONS_MAX);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.type(box, 'CALIFORNIA, L');
    const expected = suggest(UNIVERSITY_NAMES, 'california, l');
    expect(expected.length).toBeGreaterThan(0);
    await screen.findByRole('option', { name: expected[0] });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expected);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue(expected[0]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Please choose your university from the list.')).not.toBeInTheDocument();

    await user.type(box, 'x');
    expect(screen.getByText('Please choose your university from the list.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
