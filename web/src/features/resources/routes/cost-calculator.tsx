import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { COST_COLORS, CostDonut } from '../components/cost-chart';
import { ResourcePage } from '../components/resource-page';
import {
  COST_ITEMS,
  type CostKey,
  costBreakdown,
  emptyCostInputs,
  formatUsd,
  isInvalidAmount,
  RECOMMENDED_SHARES,
} from '../lib/cost';

/** Cost of living calculator (001 §2): seven monthly inputs, totals and shares, Clear All. */
export function CostCalculatorRoute() {
  const [inputs, setInputs] = useState(emptyCostInputs);
  const result = costBreakdown(inputs);
  const set = (key: CostKey, value: string) => setInputs((current) => ({ ...current, [key]: value }));
  const hasAny = Object.values(inputs).some((value) => value.trim() !== '');

  return (
    <ResourcePage
      title="Cost of Living Calculator"
      lead="Add up what a month really costs before you commit to a place. Enter your share of each cost; anything you leave empty counts as $0."
    >
      <div className="flex flex-col gap-6">
        <Card className="p-5 sm:p-6">
          <form aria-labelledby="costs-heading" onSubmit={(e) => e.preventDefault()}>
            <div className="flex items-center justify-between gap-3">
              <h2 id="costs-heading" className="text-heading text-ink-900">
                Monthly costs
              </h2>
              <Button variant="ghost" size="sm" onClick={() => setInputs(emptyCostInputs())} disabled={!hasAny}>
                Clear All
              </Button>
            </div>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {COST_ITEMS.map((item) => {
                const raw = inputs[item.key];
                const invalid = isInvalidAmount(raw);
                const id = `cost-${item.key}`;
                return (
                  <div key={item.key} className="flex flex-col gap-1.5">
                    <Label htmlFor={id}>{item.label}</Label>
                    <div className="relative">
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-500"
                      >
                        $
                      </span>
                      <input
                        id={id}
                        name={item.key}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0"
                        value={raw}
                        onChange={(e) => set(item.key, e.target.value)}
                        aria-describedby={`${id}-hint`}
                        aria-invalid={invalid || undefined}
                        className="block h-12 w-full rounded-field border border-ink-300 bg-white pr-4 pl-8 text-base text-ink-900 tabular-nums shadow-xs placeholder:text-ink-500 hover:border-ink-400 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-200 aria-invalid:border-danger-600"
                      />
                    </div>
                    <p id={`${id}-hint`} className={invalid ? 'text-sm text-danger-700' : 'text-sm text-ink-600'}>
                      {invalid ? 'Not a number, so it counts as $0.' : item.hint}
                    </p>
                  </div>
                );
              })}
            </div>
          </form>
        </Card>

        <section aria-labelledby="results-heading" className="flex flex-col gap-5">
          <h2 id="results-heading" className="text-heading text-ink-900 md:text-2xl">
            Your results
          </h2>
          <div className="grid gap-3 sm:grid-cols-2" aria-live="polite">
            <div className="rounded-card bg-brand-800 p-5 text-white shadow-card">
              <p className="text-sm font-semibold text-brand-100">Monthly total</p>
              <p data-testid="monthly-total" className="mt-1 text-3xl font-extrabold tabular-nums">
                {formatUsd(result.monthly)}
              </p>
            </div>
            <div className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card">
              <p className="text-sm font-semibold text-ink-600">Annual total (12 months)</p>
              <p data-testid="annual-total" className="mt-1 text-3xl font-extrabold text-ink-900 tabular-nums">
                {formatUsd(result.annual)}
              </p>
            </div>
          </div>

          {result.lines.length > 0 ? (
            <Card className="grid items-center gap-6 p-5 sm:grid-cols-[14rem_1fr] sm:p-6">
              <CostDonut lines={result.lines} monthly={result.monthly} />
              <table className="w-full border-collapse text-left text-[0.95rem]">
                <caption className="mb-2 text-left font-semibold text-ink-900">Where your money goes</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">Cost</th>
                    <th scope="col">Amount per month</th>
                    <th scope="col">Share of total</th>
                  </tr>
                </thead>
                <tbody>
                  {result.lines.map((line) => (
                    <tr key={line.key} className="border-t border-ink-200 first:border-t-0">
                      <th scope="row" className="py-2 pr-3 font-medium text-ink-900">
                        <span className="flex items-center gap-2">
                          <span
                            aria-hidden="true"
                            className="size-3 shrink-0 rounded-sm"
                            style={{ background: COST_COLORS[line.key] }}
                          />
                          {line.label}
                        </span>
                      </th>
                      <td className="py-2 pr-3 text-right text-ink-700 tabular-nums">{formatUsd(line.amount)}</td>
                      <td className="py-2 text-right font-semibold text-ink-900 tabular-nums">{line.percent}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : (
            <p className="rounded-card border border-dashed border-ink-300 bg-white p-6 text-center text-ink-600">
              Enter an amount above to see how your costs break down.
            </p>
          )}
        </section>

        <p className="rounded-card border border-ink-200/70 bg-white p-5 text-[0.95rem] text-ink-700 shadow-card">
          <strong className="text-ink-900">Living with roommates?</strong> Once you and your match accept a roommate
          agreement (open it from your chat), its Split with roommates section divides rent and bills by your agreed
          split, keeps a ledger of shared expenses and tells you who pays whom to settle up.
        </p>

        <section
          aria-labelledby="shares-heading"
          className="rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6"
        >
          <h2 id="shares-heading" className="text-heading text-brand-900">
            Recommended budget shares
          </h2>
          <p className="mt-2 max-w-[70ch] text-[0.95rem] leading-relaxed text-brand-900">
            A common rule of thumb for how a monthly budget (including income from work, aid or family) is split:
          </p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-5">
            {RECOMMENDED_SHARES.map((share) => (
              <li key={share.label} className="rounded-field bg-white p-3">
                <p className="text-sm font-semibold text-ink-700">{share.label}</p>
                <p className="text-lg font-extrabold text-brand-800">{share.range}</p>
                <p className="text-xs text-ink-600">{share.note}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </ResourcePage>
  );
}
