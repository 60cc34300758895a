/**
 * The cost of living calculator's arithmetic (001 §2, §5): seven monthly inputs, empty or
 * invalid entries count as 0, a monthly and an annual total, and each non-zero item's share.
 */
export const COST_ITEMS = [
  { key: 'rent', label: 'Rent', hint: 'Your share of the monthly rent' },
  { key: 'utilities', label: 'Utilities', hint: 'Electricity, gas, water and trash' },
  { key: 'internet', label: 'Internet', hint: 'Your share of Wi-Fi and phone' },
  { key: 'groceries', label: 'Groceries', hint: 'Food you cook at home and eating out' },
  { key: 'transportation', label: 'Transportation', hint: 'Transit pass, gas, parking, rideshare' },
  { key: 'laundry', label: 'Laundry', hint: 'Machines, detergent, dry cleaning' },
  { key: 'miscellaneous', label: 'Miscellaneous', hint: 'Renters insurance, household supplies, fun' },
] as const;

export type CostKey = (typeof COST_ITEMS)[number]['key'];
export type CostInputs = Record<CostKey, string>;

export const emptyCostInputs = (): CostInputs => ({
  rent: '',
  utilities: '',
  internet: '',
  groceries: '',
  transportation: '',
  laundry: '',
  miscellaneous: '',
});

/** A typed amount in dollars; anything that is not a finite, non-negative number counts as 0. */
export function parseAmount(raw: string): number {
  const text = raw.trim().replace(/[$,\s]/g, '');
  if (text === '' || !/^\d*\.?\d*$/.test(text)) return 0;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

/** True when something was typed that is not an amount (it then counts as 0). */
export const isInvalidAmount = (raw: string): boolean =>
  raw.trim() !== '' && parseAmount(raw) === 0 && !/^[$\s0.,]+$/.test(raw);

export type CostLine = {
  key: CostKey;
  label: string;
  amount: number /** One decimal, e.g. "42.9". */;
  percent: string;
};

export type CostBreakdown = { monthly: number; annual: number; lines: CostLine[] };

// Sums in whole cents so 0.1 + 0.2 shows as 0.30, not 0.30000000000000004.
const cents = (dollars: number) => Math.round(dollars * 100);

export function costBreakdown(inputs: CostInputs): CostBreakdown {
  const amounts = COST_ITEMS.map((item) => ({ ...item, cents: cents(parseAmount(inputs[item.key])) }));
  const totalCents = amounts.reduce((sum, item) => sum + item.cents, 0);
  const lines = amounts
    .filter((item) => item.cents > 0)
    .map((item) => ({
      key: item.key,
      label: item.label,
      amount: item.cents / 100,
      percent: ((item.cents / totalCents) * 100).toFixed(1),
    }));
  return { monthly: totalCents / 100, annual: (totalCents * 12) / 100, lines };
}

/** Rules of thumb for a student budget, shown beside the results (001 §2). */
export const RECOMMENDED_SHARES = [
  { label: 'Housing', range: '30–40%', note: 'Rent and utilities' },
  { label: 'Food', range: '15–25%', note: 'Groceries and meals out' },
  { label: 'Transport', range: '10–15%', note: 'Transit, gas, parking' },
  { label: 'Personal', range: '10–20%', note: 'Phone, laundry, fun' },
  { label: 'Savings', range: '10–20%', note: 'Emergency fund first' },
] as const;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatUsd = (amount: number) => usd.format(amount);
