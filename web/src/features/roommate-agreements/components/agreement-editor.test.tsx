import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prefillTerms } from '../../../../../core/roommate-agreements/rules';
import { AgreementEditor } from './agreement-editor';

const people = [
  { userId: 'ana', name: 'You' },
  { userId: 'ben', name: 'Ben' },
];

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(
    <AgreementEditor
      terms={prefillTerms(['ana', 'ben'], [])}
      people={people}
      onCancel={() => {}}
      onSubmit={onSubmit}
      pending={false}
      serverErrors={[]}
      serverMessage={null}
    />,
  );
  return { user, onSubmit };
}

describe('Propose changes (issue 21)', () => {
  it('checks the split and amounts in the browser before anything is sent', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Rent split'), 'custom');
    await user.type(screen.getByLabelText('You (%)'), '60');
    await user.type(screen.getByLabelText('Ben (%)'), '30');
    await user.clear(screen.getByLabelText('Deposit ($)'));
    await user.type(screen.getByLabelText('Deposit ($)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Propose this version' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Custom percentages must add up to exactly 100%.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount from $0 to $100,000.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix 2 fields below.');
  });

  it('sends exact cents and basis points', async () => {
    const { user, onSubmit } = setup();
    await user.clear(screen.getByLabelText('Rent per month ($)'));
    await user.type(screen.getByLabelText('Rent per month ($)'), '1,999.99');
    await user.selectOptions(screen.getByLabelText('Rent split'), 'custom');
    await user.type(screen.getByLabelText('You (%)'), '33.33');
    await user.type(screen.getByLabelText('Ben (%)'), '66.67');
    const rota = screen.getByRole('group', { name: 'Cleaning rota' });
    await user.click(within(rota).getByRole('button', { name: 'Remove Bathroom' }));
    await user.click(screen.getByRole('button', { name: 'Propose this version' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const terms = onSubmit.mock.calls[0]?.[0];
    expect(terms.rent).toEqual({
      monthlyCents: 199_999,
      split: {
        method: 'custom',
        weights: [
          { userId: 'ana', weight: 3333 },
          { userId: 'ben', weight: 6667 },
        ],
      },
    });
    expect(terms.cleaning.map((t: { task: string }) => t.task)).toEqual([
      'Kitchen and dishes',
      'Floors and vacuuming',
      'Trash and recycling',
    ]);
  });
});
