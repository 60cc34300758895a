import type { ReactNode } from 'react';
import type { AgreementTerms } from '../../../lib/api-types';
import { SMOKING_LABELS } from '../../../lib/profile-labels';
import { FREQUENCY_LABELS, formatCents, formatDay, listNames, percentText, SPLIT_LABELS } from '../lib/format';

type Split = AgreementTerms['rent']['split'];

function splitText(split: Split, name: (id: string) => string): string {
  if (split.method === 'equal') return 'split equally';
  if (split.method === 'room_size')
    return `by room size (${split.weights.map((w) => `${name(w.userId)} ${w.weight} sq ft`).join(', ')})`;
  return split.weights.map((w) => `${name(w.userId)} ${percentText(w.weight)}%`).join(', ');
}

function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid border-t border-ink-200 py-4 first:border-t-0 print:py-2.5">
      <h3 className="text-sm font-bold tracking-wide text-brand-800 uppercase print:text-ink-900">{title}</h3>
      <div className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-800 print:text-[10.5pt]">{children}</div>
    </section>
  );
}

const Note = ({ text }: { text: string }) => (text ? <p className="mt-1 whitespace-pre-line">{text}</p> : null);

/**
 * The agreement as a clean document (issue 21): on screen in a card, printed alone on white with
 * the signatures (print stylesheet; "Save as PDF" is the browser's).
 */
export function AgreementDocument({
  terms,
  version,
  names,
  parties,
  acceptances,
  status,
}: {
  terms: AgreementTerms;
  version: number;
  names: Map<string, string>;
  parties: string[];
  acceptances: { userId: string; acceptedAt: string }[];
  status: ReactNode;
}) {
  const name = (id: string) => names.get(id) ?? 'Someone';
  const accepted = (id: string) => acceptances.find((a) => a.userId === id);
  return (
    <article
      aria-labelledby="agreement-title"
      className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-8 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="border-b-2 border-brand-700 pb-4 print:border-ink-900">
        <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Nestmate · Version {version}</p>
        <h2 id="agreement-title" className="mt-1 text-2xl font-extrabold text-ink-900 print:text-[18pt]">
          Roommate agreement
        </h2>
        <p className="mt-1 text-ink-700">Between {listNames(parties.map(name))}</p>
        <div className="mt-2">{status}</div>
      </header>

      <div className="grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:grid-cols-2">
        <Clause title="Move-in and lease">
          <p>
            Move-in: <strong>{terms.moveInDate ? formatDay(terms.moveInDate) : 'to be agreed'}</strong>
          </p>
          <p>
            Lease term: <strong>{terms.leaseTermMonths ? `${terms.leaseTermMonths} months` : 'to be agreed'}</strong>
          </p>
          <p>
            Deposit: <strong>{formatCents(terms.depositCents)}</strong>
          </p>
        </Clause>
        <Clause title="Rent">
          <p>
            <strong>{formatCents(terms.rent.monthlyCents)}</strong> a month, {splitText(terms.rent.split, name)}.
          </p>
        </Clause>
      </div>

      <Clause title="Bills">
        {terms.bills.length === 0 ? (
          <p>No shared bills.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {terms.bills.map((b) => (
              <li key={b.name}>
                <strong>{b.name}</strong>:{' '}
                {b.monthlyCents > 0 ? `${formatCents(b.monthlyCents)} a month` : 'amount varies'},{' '}
                {b.split.method === 'equal'
                  ? 'split equally'
                  : `${SPLIT_LABELS[b.split.method].toLowerCase()}: ${splitText(b.split, name)}`}
              </li>
            ))}
          </ul>
        )}
      </Clause>

      <div className="grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:grid-cols-2">
        <Clause title="Quiet hours">
          <p>
            <strong>
              {terms.quietHours.from}–{terms.quietHours.to}
            </strong>
          </p>
          <Note text={terms.quietHours.notes} />
        </Clause>
        <Clause title="Guests">
          <p>
            <strong>Daytime:</strong> {terms.guests.daytime}
          </p>
          <p className="mt-1">
            <strong>Overnight:</strong> {terms.guests.overnight}
            {terms.guests.maxOvernightPerWeek !== null &&
              ` At most ${terms.guests.maxOvernightPerWeek} night${terms.guests.maxOvernightPerWeek === 1 ? '' : 's'} a week.`}
          </p>
        </Clause>
      </div>

      <Clause title="Cleaning rota">
        {terms.cleaning.length === 0 ? (
          <p>No rota agreed.</p>
        ) : (
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="text-xs text-ink-600">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  What
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Who
                </th>
                <th scope="col" className="py-1 font-semibold">
                  How often
                </th>
              </tr>
            </thead>
            <tbody>
              {terms.cleaning.map((t) => (
                <tr key={t.task} className="border-t border-ink-100 align-top">
                  <td className="py-1.5 pr-3 font-medium text-ink-900">{t.task}</td>
                  <td className="py-1.5 pr-3">
                    {t.who.length > 1 ? `${listNames(t.who.map(name))}, taking turns` : name(t.who[0] ?? '')}
                  </td>
                  <td className="py-1.5">{FREQUENCY_LABELS[t.frequency]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Clause>

      <div className="grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:grid-cols-2">
        <Clause title="Shared supplies">
          <Note text={terms.supplies} />
        </Clause>
        <Clause title="Kitchen">
          <Note text={terms.kitchen} />
        </Clause>
        <Clause title="Smoking">
          <p>{SMOKING_LABELS[terms.smoking]}</p>
        </Clause>
        <Clause title="Pets">
          <Note text={terms.pets} />
        </Clause>
        <Clause title="Temperature">
          <Note text={terms.temperature} />
        </Clause>
        <Clause title="Raising problems">
          <Note text={terms.problems} />
        </Clause>
      </div>

      <section
        aria-label="Acceptances"
        className="mt-4 grid gap-4 border-t-2 border-ink-200 pt-4 sm:grid-cols-2 print:grid-cols-2"
      >
        {parties.map((id) => {
          const a = accepted(id);
          return (
            <div key={id} className="break-inside-avoid">
              <p className="border-b border-ink-400 pb-1 text-lg font-semibold text-ink-900">{name(id)}</p>
              <p className="mt-1 text-sm text-ink-600">
                {a
                  ? `Accepted on Nestmate, ${new Date(a.acceptedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}`
                  : 'Not accepted yet'}
              </p>
            </div>
          );
        })}
      </section>
    </article>
  );
}
