import { costBreakdown, emptyCostInputs, isInvalidAmount, parseAmount } from './cost';

describe('parseAmount', () => {
  it('reads plain, decimal and formatted dollar amounts', () => {
    expect(parseAmount('1200')).toBe(1200);
    expect(parseAmount(' 45.50 ')).toBe(45.5);
    expect(parseAmount('$1,250')).toBe(1250);
    expect(parseAmount('.5')).toBe(0.5);
  });

  it('counts empty and invalid entries as 0 (001 §5)', () => {
    for (const raw of ['', '   ', 'abc', '12abc', '-50', '1e3', '1.2.3', 'NaN', 'Infinity']) {
      expect(parseAmount(raw), raw).toBe(0);
    }
  });
});

describe('costBreakdown', () => {
  it('totals the month, multiplies by 12 for the year and gives each share to one decimal', () => {
    const result = costBreakdown({
      ...emptyCostInputs(),
      rent: '900',
      utilities: '75',
      internet: '25',
      groceries: '300',
    });
    expect(result.monthly).toBe(1300);
    expect(result.annual).toBe(15600);
    expect(result.lines).toEqual([
      { key: 'rent', label: 'Rent', amount: 900, percent: '69.2' },
      { key: 'utilities', label: 'Utilities', amount: 75, percent: '5.8' },
      { key: 'internet', label: 'Internet', amount: 25, percent: '1.9' },
      { key: 'groceries', label: 'Groceries', amount: 300, percent: '23.1' },
    ]);
  });

  it('leaves zero and invalid items out of the lines and out of the total', () => {
    const result = costBreakdown({ ...emptyCostInputs(), rent: '1000', laundry: 'lots', miscellaneous: '0' });
    expect(result.monthly).toBe(1000);
    expect(result.lines).toEqual([{ key: 'rent', label: 'Rent', amount: 1000, percent: '100.0' }]);
  });

  it('adds cents exactly', () => {
    const result = costBreakdown({ ...emptyCostInputs(), internet: '0.1', laundry: '0.2' });
    expect(result.monthly).toBe(0.3);
    expect(result.annual).toBe(3.6);
  });

  it('is all zero with no lines when nothing is entered', () => {
    expect(costBreakdown(emptyCostInputs())).toEqual({ monthly: 0, annual: 0, lines: [] });
  });
});

describe('isInvalidAmount', () => {
  it('flags typed text that is not an amount, but not empty, zero or real amounts', () => {
    expect(['abc', '-5', '12abc'].map(isInvalidAmount)).toEqual([true, true, true]);
    expect(['', '0', '0.00', '$0', '1,200', '15.5'].map(isInvalidAmount)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
