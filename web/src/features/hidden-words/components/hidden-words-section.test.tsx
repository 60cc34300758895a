import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { HIDDEN_WORDS_MESSAGES } from '../../../../../core/moderation/hidden-words';
import { db, seedSignedInUser } from '../../../test/db';
import { seedHiddenWords } from '../../../test/hidden-words-handlers';
import { resetMessagingTest, seedConversation } from '../../../test/messaging-handlers';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const saved = () => db.hiddenWord.getAll().map((w) => w.word);

describe('Hidden words (issue 15)', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
    resetMessagingTest();
  });

  it('adds and removes words and emoji in Settings, and saves the list', async () => {
    seedSignedInUser();
    seedHiddenWords(['venmo']);
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Hidden words' });
    const chips = await within(section).findByRole('list', { name: 'Your hidden words' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['venmo']);

    const input = within(section).getByLabelText('Word or emoji to hide');
    await user.type(input, 'deposit{Enter}');
    await user.type(input, '🍑');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    await user.type(input, 'DEPOSIT{Enter}');
    expect(within(section).getByText('“DEPOSIT” is already hidden')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, `${'x'.repeat(51)}{Enter}`);
    expect(within(section).getByText(HIDDEN_WORDS_MESSAGES.tooLong)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove venmo' }));
    expect(saved()).toEqual(['venmo']);
    await user.click(within(section).getByRole('button', { name: 'Save hidden words' }));
    await waitFor(() => expect(saved()).toEqual(['deposit', '🍑']));
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['deposit', '🍑']);
    expect(within(section).getByRole('button', { name: 'Save hidden words' })).toBeDisabled();
  });

  it('collapses an incoming message containing a hidden word until "show" is pressed', async () => {
    const me = seedSignedInUser();
    seedHiddenWords(['deposit']);
    const c = seedConversation(me.id, { name: 'Jordan Rivera' }, [
      { content: 'send the d e p o s i t today' },
      { content: 'What time works for a tour?' },
      { content: 'My deposit is ready', mine: true },
    ]);
    const { user } = renderApp(`/?tab=matches&conversation=${c.id}`);
    const log = await screen.findByRole('log');
    const show = await within(log).findByRole('button', { name: 'Show hidden message from Jordan Rivera' });
    expect(within(log).getByText(/Hidden by your filters —/)).toBeInTheDocument();
    expect(within(log).queryByText('send the d e p o s i t today')).toBeNull();
    // Only incoming messages are filtered: the reader's own and the harmless one show as they are.
    expect(within(log).getByText('What time works for a tour?')).toBeInTheDocument();
    expect(within(log).getByText('My deposit is ready')).toBeInTheDocument();
    show.focus();
    await user.keyboard('{Enter}');
    expect(within(log).getByText('send the d e p o s i t today')).toBeInTheDocument();
    expect(within(log).queryByText(/Hidden by your filters/)).toBeNull();
  });

  it('keeps a hidden message out of the conversation preview too', async () => {
    const me = seedSignedInUser();
    seedHiddenWords(['🍍']);
    seedConversation(me.id, { name: 'Sam Lee' }, [{ content: 'pizza night? 🍍' }]);
    renderApp('/?tab=matches');
    const sam = await screen.findByRole('link', { name: /^Sam Lee/ });
    await waitFor(() => expect(sam).toHaveTextContent('Hidden by your filters'));
    expect(sam).not.toHaveTextContent('pizza night');
  });
});
