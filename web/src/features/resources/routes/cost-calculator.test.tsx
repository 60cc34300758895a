import { screen, within } from '@testing-library/react';
import { renderApp, skipCookieBanner } from '../../../test/render-app';

async function open() {
  skipCookieBanner();
  const app = renderApp('/resources/cost-calculator');
  await screen.findByRole('heading', { level: 1, name: 'Cost of Living Calculator' });
  const enter = async (label: string, value: string) => {
    const input = screen.getByRole('textbox', { name: label });
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  };
  return { ...app, enter };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Where your money goes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('cost of living calculator', () => {
  it('has the seven monthly inputs', async () => {
    await open();
    for (const label of ['Rent', 'Utilities', 'Internet', 'Groceries', 'Transportation', 'Laundry', 'Miscellaneous']) {
      expect(screen.getByRole('textbox', { name: label })).toHaveValue('');
    }
    expect(screen.getByTestId('monthly-total')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('table', { name: 'Where your money goes' })).not.toBeInTheDocument();
  });

  it('shows the monthly and annual totals and each non-zero share to one decimal', async () => {
    const { enter } = await open();
    await enter('Rent', '900');
    await enter('Utilities', '75');
    await enter('Internet', '25');
    await enter('Groceries', '300');

    expect(screen.getByTestId('monthly-total')).toHaveTextContent('$1,300.00');
    expect(screen.getByTestId('annual-total')).toHaveTextContent('$15,600.00');
    expect(rows()).toEqual(['Rent$900.0069.2%', 'Utilities$75.005.8%', 'Internet$25.001.9%', 'Groceries$300.0023.1%']);
  });

  it('counts an invalid entry as 0 and says so', async () => {
    const { enter } = await open();
    await enter('Rent', '1000');
    await enter('Laundry', 'twenty');
    expect(screen.getByTestId('monthly-total')).toHaveTextContent('$1,000.00');
    expect(rows()).toEqual(['Rent$1,000.00100.0%']);
    expect(screen.getByRole('textbox', { name: 'Laundry' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Laundry' })).toHaveAccessibleDescription(
      'Not a number, so it counts as $0.',
    );
  });

  it('Clear All empties every input and the results', async () => {
    const { enter, user } = await open();
    await enter('Rent', '850');
    await enter('Transportation', '60');
    expect(screen.getByTestId('monthly-total')).toHaveTextContent('$910.00');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('textbox', { name: 'Rent' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Transportation' })).toHaveValue('');
    expect(screen.getByTestId('monthly-total')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('annual-total')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('table', { name: 'Where your money goes' })).not.toBeInTheDocument();
  });

  it('shows the recommended shares', async () => {
    await open();
    const shares = within(screen.getByRole('region', { name: 'Recommended budget shares' }));
    const expected: Array<[string, string]> = [
      ['Housing', '30–40%'],
      ['Food', '15–25%'],
      ['Transport', '10–15%'],
      ['Personal', '10–20%'],
      ['Savings', '10–20%'],
    ];
    for (const [label, range] of expected) {
      expect(shares.getByText(label).parentElement).toHaveTextContent(range);
    }
  });
});
