import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, TextField } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAddExpense, useSettleUp, useSharedCosts } from '../api/roommate-agreement';
import { formatCents, listNames, parseDollars, SPLIT_LABELS } from '../lib/format';

/**
 * "Split with roommates" (issue 21, the cost calculator of 001 §2 inside an accepted agreement):
 * each person's monthly share and annual total by the agreed split, the ledger of shared
 * expenses, and the fewest transfers that settle it.
 */
export function SharedCosts({ conversationId, myId }: { conversationId: string; myId: string }) {
  const costs = useSharedCosts(conversationId, true);
  const add = useAddExpense(conversationId);
  const settle = useSettleUp(conversationId);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [forIds, setForIds] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (costs.isPending)
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner label="Loading shared costs" />
      </div>
    );
  if (costs.isError)
    return <Alert variant="destructive">{errorMessage(costs.error, 'Shared costs could not be loaded.')}</Alert>;
  const c = costs.data;
  const name = (id: string) => (id === myId ? 'You' : (c.people.find((p) => p.userId === id)?.name ?? 'Someone'));
  /** The same, in the middle of a sentence ("Maya pays you"). */
  const named = (id: string) => (id === myId ? 'you' : name(id));
  const forWhom = forIds ?? c.parties;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseDollars(amount);
    const next: Record<string, string> = {};
    if (!description.trim()) next.description = 'Say what it was for.';
    if (cents === null || cents <= 0) next.amountCents = 'Enter an amount greater than $0, like 42.50.';
    if (forWhom.length === 0) next.forUserIds = 'Choose who it was for.';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null) return;
    add.mutate(
      { description, amountCents: cents, forUserIds: forWhom },
      {
        onSuccess: () => {
          setDescription('');
          setAmount('');
          setForIds(null);
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((x) => [x.path, x.message])));
        },
      },
    );
  };

  const mine = c.transfers.filter((t) => t.from === myId);
  // Bills agreed without an amount yet ("amount varies") add nothing to a monthly share.
  const billed = c.bills.filter((b) => b.monthlyCents > 0);
  return (
    <div className="flex flex-col gap-5">
      <Card className="p-5 sm:p-6">
        <h3 className="text-lg font-bold text-ink-900">Each person's share</h3>
        <p className="mt-1 text-sm text-ink-600">
          Rent {formatCents(c.rentCents)} a month, {SPLIT_LABELS[c.rentMethod].toLowerCase()}
          {billed.length > 0 && `; ${billed.map((b) => `${b.name} ${formatCents(b.monthlyCents)}`).join(', ')}`}. By
          version {c.version} of the agreement.
        </p>
        <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {c.shares.map((s) => (
            <div key={s.userId} data-testid="share" className="rounded-field border border-ink-200 p-4">
              <p className="font-semibold text-ink-900">{name(s.userId)}</p>
              <p className="mt-1 text-2xl font-extrabold text-brand-800 tabular-nums">
                {formatCents(s.monthlyCents)}
                <span className="text-sm font-semibold text-ink-600"> / month</span>
              </p>
              <p className="text-sm text-ink-700 tabular-nums">{formatCents(s.annualCents)} a year</p>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-sm text-ink-700 tabular-nums">
                <dt>Rent</dt>
                <dd className="text-right">{formatCents(s.rentCents)}</dd>
                {s.bills
                  .filter((b) => billed.some((x) => x.name === b.name))
                  .map((b) => (
                    <div key={b.name} className="contents">
                      <dt>{b.name}</dt>
                      <dd className="text-right">{formatCents(b.cents)}</dd>
                    </div>
                  ))}
              </dl>
            </div>
          ))}
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h3 className="text-lg font-bold text-ink-900">Settle up</h3>
        {c.transfers.length === 0 ? (
          <p className="mt-2 text-ink-700" data-testid="settled">
            Everyone is even.
          </p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" aria-label="Payments that settle everything">
            {c.transfers.map((t) => (
              <li
                key={`${t.from}-${t.to}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-field bg-ink-50 px-4 py-3"
              >
                <span className="text-ink-900">
                  <strong>{name(t.from)}</strong> {t.from === myId ? 'pay' : 'pays'} <strong>{named(t.to)}</strong>{' '}
                  <span className="font-bold tabular-nums">{formatCents(t.amountCents)}</span>
                </span>
                {t.from === myId && (
                  <Button
                    size="sm"
                    loading={settle.isPending}
                    onClick={() => settle.mutate({ toUserId: t.to, amountCents: t.amountCents })}
                  >
                    I paid {name(t.to)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {mine.length === 0 && c.transfers.length > 0 && (
          <p className="mt-2 text-sm text-ink-600">You are owed; the others record their payments here.</p>
        )}
        {settle.isError && (
          <Alert variant="destructive" className="mt-3">
            {errorMessage(settle.error, 'The payment could not be recorded.')}
          </Alert>
        )}
      </Card>

      <Card className="p-5 sm:p-6">
        <h3 className="text-lg font-bold text-ink-900">Shared expenses</h3>
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3" aria-label="Add an expense you paid">
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
            <TextField
              label="What you paid for"
              value={description}
              maxLength={120}
              onChange={(e) => setDescription(e.target.value)}
              error={errors.description}
            />
            <TextField
              label="Amount ($)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amountCents}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-ink-800">Split equally between</legend>
            <div className="mt-1 flex flex-wrap gap-x-5">
              {c.parties.map((id) => (
                <label key={id} className="flex min-h-11 items-center gap-2 text-ink-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={forWhom.includes(id)}
                    onChange={(e) => setForIds(e.target.checked ? [...forWhom, id] : forWhom.filter((x) => x !== id))}
                  />
                  {name(id)}
                </label>
              ))}
            </div>
            <FieldError>{errors.forUserIds}</FieldError>
          </fieldset>
          {add.isError && !isApiError(add.error) && (
            <Alert variant="destructive">The expense could not be added.</Alert>
          )}
          {add.isError && isApiError(add.error) && add.error.errors.length === 0 && (
            <Alert variant="destructive">{add.error.detail}</Alert>
          )}
          <Button type="submit" className="self-start" loading={add.isPending} loadingText="Adding…">
            Add expense
          </Button>
        </form>
        {c.expenses.length > 0 ? (
          <ul className="mt-5 divide-y divide-ink-100 border-t border-ink-200" aria-label="Ledger">
            {[...c.expenses].reverse().map((e) => (
              <li key={e.id} className="flex items-start justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="font-medium break-words text-ink-900">
                    {e.kind === 'settlement'
                      ? `${name(e.paidBy)} paid ${name(e.forUserIds[0] ?? '')} back`
                      : e.description}
                  </p>
                  <p className="text-sm text-ink-600">
                    {e.kind === 'settlement'
                      ? 'Settle up'
                      : `Paid by ${named(e.paidBy)} for ${listNames(e.forUserIds.map(named))}`}{' '}
                    · {new Date(e.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
                  </p>
                </div>
                <span className="shrink-0 font-semibold text-ink-900 tabular-nums">{formatCents(e.amountCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-ink-600">
            No shared expenses yet. Add groceries, supplies or a bill one of you paid.
          </p>
        )}
      </Card>
    </div>
  );
}
