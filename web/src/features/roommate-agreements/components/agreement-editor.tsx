import { type FormEvent, useState } from 'react';
import { SMOKING_TOLERANCES } from '../../../../../core/profiles/rules';
import { CLEANING_FREQUENCIES, SPLIT_METHODS, type SplitMethod } from '../../../../../core/roommate-agreements/model';
import { AGREEMENT_LIMITS, checkTerms, TERMS_MESSAGES } from '../../../../../core/roommate-agreements/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import type { AgreementTerms } from '../../../lib/api-types';
import { SMOKING_LABELS } from '../../../lib/profile-labels';
import { dollarsText, FREQUENCY_LABELS, parseDollars, parsePercent, percentText, SPLIT_LABELS } from '../lib/format';

// Stable keys for rows that can be added and removed.
let lastKey = 0;
const newKey = () => `row-${++lastKey}`;

type SplitDraft = { method: SplitMethod; values: Record<string, string> };
type Draft = {
  quietFrom: string;
  quietTo: string;
  quietNotes: string;
  daytime: string;
  overnight: string;
  maxOvernight: string;
  cleaning: (AgreementTerms['cleaning'][number] & { key: string })[];
  supplies: string;
  kitchen: string;
  smoking: AgreementTerms['smoking'];
  pets: string;
  temperature: string;
  rent: string;
  rentSplit: SplitDraft;
  bills: { key: string; name: string; amount: string; split: SplitDraft }[];
  deposit: string;
  moveInDate: string;
  leaseMonths: string;
  problems: string;
};

const splitDraft = (split: AgreementTerms['rent']['split'], parties: string[]): SplitDraft => ({
  method: split.method,
  values: Object.fromEntries(
    parties.map((id) => {
      const w = split.weights.find((x) => x.userId === id)?.weight;
      if (w === undefined) return [id, ''];
      return [id, split.method === 'custom' ? percentText(w) : String(w)];
    }),
  ),
});

function toDraft(t: AgreementTerms, parties: string[]): Draft {
  return {
    quietFrom: t.quietHours.from,
    quietTo: t.quietHours.to,
    quietNotes: t.quietHours.notes,
    daytime: t.guests.daytime,
    overnight: t.guests.overnight,
    maxOvernight: t.guests.maxOvernightPerWeek === null ? '' : String(t.guests.maxOvernightPerWeek),
    // Tasks assigned to someone no longer here keep the others.
    cleaning: t.cleaning.map((c) => ({ ...c, key: newKey(), who: c.who.filter((id) => parties.includes(id)) })),
    supplies: t.supplies,
    kitchen: t.kitchen,
    smoking: t.smoking,
    pets: t.pets,
    temperature: t.temperature,
    rent: dollarsText(t.rent.monthlyCents),
    rentSplit: splitDraft(t.rent.split, parties),
    bills: t.bills.map((b) => ({
      key: newKey(),
      name: b.name,
      amount: dollarsText(b.monthlyCents),
      split: splitDraft(b.split, parties),
    })),
    deposit: dollarsText(t.depositCents),
    moveInDate: t.moveInDate ?? '',
    leaseMonths: t.leaseTermMonths === null ? '' : String(t.leaseTermMonths),
    problems: t.problems,
  };
}

type Errors = Record<string, string>;

/** The draft as terms, or the problems with it (amounts must be dollars and cents, core checks the rest). */
function toTerms(d: Draft, parties: string[]): { terms: AgreementTerms; errors: Errors } {
  const errors: Errors = {};
  const cents = (path: string, raw: string) => {
    const v = parseDollars(raw);
    if (v === null) errors[path] = TERMS_MESSAGES.amount;
    return v ?? 0;
  };
  const whole = (path: string, raw: string, message: string) => {
    if (raw.trim() === '') return null;
    if (!/^\d+$/.test(raw.trim())) errors[path] = message;
    return Number(raw.trim());
  };
  const split = (path: string, s: SplitDraft): AgreementTerms['rent']['split'] => {
    if (s.method === 'equal') return { method: 'equal', weights: [] };
    return {
      method: s.method,
      weights: parties.map((userId) => {
        const raw = s.values[userId] ?? '';
        const weight = s.method === 'custom' ? parsePercent(raw) : /^\d+$/.test(raw.trim()) ? Number(raw) : null;
        if (weight === null)
          errors[path] = s.method === 'custom' ? TERMS_MESSAGES.percentRange : TERMS_MESSAGES.roomSize;
        return { userId, weight: weight ?? 0 };
      }),
    };
  };
  const terms: AgreementTerms = {
    quietHours: { from: d.quietFrom, to: d.quietTo, notes: d.quietNotes },
    guests: {
      daytime: d.daytime,
      overnight: d.overnight,
      maxOvernightPerWeek: whole('guests.maxOvernightPerWeek', d.maxOvernight, TERMS_MESSAGES.overnight),
    },
    cleaning: d.cleaning.map(({ task, who, frequency }) => ({ task, who, frequency })),
    supplies: d.supplies,
    kitchen: d.kitchen,
    smoking: d.smoking,
    pets: d.pets,
    temperature: d.temperature,
    rent: { monthlyCents: cents('rent.monthlyCents', d.rent), split: split('rent.split', d.rentSplit) },
    bills: d.bills.map((b, i) => ({
      name: b.name,
      monthlyCents: cents(`bills.${i}.monthlyCents`, b.amount),
      split: split(`bills.${i}.split`, b.split),
    })),
    depositCents: cents('depositCents', d.deposit),
    moveInDate: d.moveInDate.trim() === '' ? null : d.moveInDate.trim(),
    leaseTermMonths: whole('leaseTermMonths', d.leaseMonths, TERMS_MESSAGES.lease),
    problems: d.problems,
  };
  const checked = checkTerms(terms, parties);
  if (!checked.ok) for (const e of checked.errors) errors[e.path] ??= e.message;
  return { terms, errors };
}

function SplitEditor({
  label,
  split,
  onChange,
  people,
  error,
}: {
  label: string;
  split: SplitDraft;
  onChange: (s: SplitDraft) => void;
  people: { userId: string; name: string }[];
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{label}</legend>
      <SelectField
        label={label}
        value={split.method}
        onChange={(method) => onChange({ ...split, method: method as SplitMethod })}
        options={SPLIT_METHODS.map((m) => ({ value: m, label: SPLIT_LABELS[m] }))}
      />
      {split.method !== 'equal' && (
        <div className="grid grid-cols-2 gap-2">
          {people.map((p) => (
            <TextField
              key={p.userId}
              label={
                split.method === 'custom'
                  ? `${p.name} (%)`
                  : `${p.name === 'You' ? 'Your' : `${p.name}'s`} room (sq ft)`
              }
              inputMode="decimal"
              value={split.values[p.userId] ?? ''}
              onChange={(e) => onChange({ ...split, values: { ...split.values, [p.userId]: e.target.value } })}
            />
          ))}
        </div>
      )}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-card border border-ink-200/70 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-bold text-ink-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Propose changes: every clause of the current version, editable, sent as the next version. */
export function AgreementEditor({
  terms,
  people,
  onCancel,
  onSubmit,
  pending,
  serverErrors,
  serverMessage,
}: {
  terms: AgreementTerms;
  people: { userId: string; name: string }[];
  onCancel: () => void;
  onSubmit: (terms: AgreementTerms) => void;
  pending: boolean;
  serverErrors: { path: string; message: string }[];
  serverMessage: string | null;
}) {
  const parties = people.map((p) => p.userId);
  const [draft, setDraft] = useState(() => toDraft(terms, parties));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const shown: Errors = { ...Object.fromEntries(serverErrors.map((e) => [e.path, e.message])), ...errors };
  const err = (path: string) => shown[path];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = toTerms(draft, parties);
    setErrors(result.errors);
    if (Object.keys(result.errors).length === 0) onSubmit(result.terms);
  };
  const count = Object.keys(shown).length;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="editor-heading" className="flex flex-col gap-4">
      <h2 id="editor-heading" className="text-heading text-ink-900">
        Propose changes
      </h2>
      <p className="text-ink-700">Your changes become a new version. Everyone has to accept it again, including you.</p>
      {(count > 0 || serverMessage) && (
        <Alert variant="destructive">
          {serverMessage ?? `Please fix ${count === 1 ? 'one field' : `${count} fields`} below.`}
        </Alert>
      )}

      <Section title="Money">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Rent per month ($)"
            inputMode="decimal"
            value={draft.rent}
            onChange={(e) => set('rent', e.target.value)}
            error={err('rent.monthlyCents')}
          />
          <SplitEditor
            label="Rent split"
            split={draft.rentSplit}
            onChange={(s) => set('rentSplit', s)}
            people={people}
            error={err('rent.split')}
          />
        </div>
        {draft.bills.map((b, i) => (
          <div key={b.key} className="grid gap-3 rounded-field border border-ink-200 p-3 sm:grid-cols-[1fr_10rem]">
            <TextField
              label="Bill"
              value={b.name}
              maxLength={AGREEMENT_LIMITS.shortText}
              onChange={(e) =>
                set(
                  'bills',
                  draft.bills.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                )
              }
              error={err(`bills.${i}.name`)}
            />
            <TextField
              label="Per month ($)"
              inputMode="decimal"
              value={b.amount}
              onChange={(e) =>
                set(
                  'bills',
                  draft.bills.map((x, j) => (j === i ? { ...x, amount: e.target.value } : x)),
                )
              }
              error={err(`bills.${i}.monthlyCents`)}
            />
            <div className="sm:col-span-2">
              <SplitEditor
                label={`${b.name || 'Bill'} split`}
                split={b.split}
                onChange={(s) =>
                  set(
                    'bills',
                    draft.bills.map((x, j) => (j === i ? { ...x, split: s } : x)),
                  )
                }
                people={people}
                error={err(`bills.${i}.split`)}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                set(
                  'bills',
                  draft.bills.filter((_, j) => j !== i),
                )
              }
            >
              Remove {b.name || 'bill'}
            </Button>
          </div>
        ))}
        {draft.bills.length < AGREEMENT_LIMITS.bills && (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() =>
              set('bills', [
                ...draft.bills,
                { key: newKey(), name: '', amount: '0', split: { method: 'equal', values: {} } },
              ])
            }
          >
            Add a bill
          </Button>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Deposit ($)"
            inputMode="decimal"
            value={draft.deposit}
            onChange={(e) => set('deposit', e.target.value)}
            error={err('depositCents')}
          />
          <TextField
            label="Move-in date"
            type="date"
            value={draft.moveInDate}
            onChange={(e) => set('moveInDate', e.target.value)}
            error={err('moveInDate')}
          />
          <TextField
            label="Lease term (months)"
            inputMode="numeric"
            value={draft.leaseMonths}
            onChange={(e) => set('leaseMonths', e.target.value)}
            error={err('leaseTermMonths')}
          />
        </div>
      </Section>

      <Section title="Living together">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Quiet hours from"
            type="time"
            value={draft.quietFrom}
            onChange={(e) => set('quietFrom', e.target.value)}
            error={err('quietHours.from')}
          />
          <TextField
            label="Quiet hours until"
            type="time"
            value={draft.quietTo}
            onChange={(e) => set('quietTo', e.target.value)}
            error={err('quietHours.to')}
          />
        </div>
        <TextareaField
          label="Noise"
          rows={2}
          max={AGREEMENT_LIMITS.text}
          value={draft.quietNotes}
          onChange={(e) => set('quietNotes', e.target.value)}
          error={err('quietHours.notes')}
        />
        <TextareaField
          label="Daytime guests"
          rows={2}
          max={AGREEMENT_LIMITS.text}
          value={draft.daytime}
          onChange={(e) => set('daytime', e.target.value)}
          error={err('guests.daytime')}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextareaField
            label="Overnight guests"
            rows={2}
            max={AGREEMENT_LIMITS.text}
            value={draft.overnight}
            onChange={(e) => set('overnight', e.target.value)}
            error={err('guests.overnight')}
          />
          <TextField
            label="Nights a week at most"
            inputMode="numeric"
            value={draft.maxOvernight}
            onChange={(e) => set('maxOvernight', e.target.value)}
            error={err('guests.maxOvernightPerWeek')}
          />
        </div>
        <SelectField
          label="Smoking"
          value={draft.smoking}
          onChange={(v) => set('smoking', v as Draft['smoking'])}
          options={SMOKING_TOLERANCES.map((s) => ({ value: s, label: SMOKING_LABELS[s] }))}
        />
        {(
          [
            ['supplies', 'Shared supplies'],
            ['kitchen', 'Kitchen'],
            ['pets', 'Pets'],
            ['temperature', 'Temperature'],
            ['problems', 'How we raise problems'],
          ] as const
        ).map(([key, label]) => (
          <TextareaField
            key={key}
            label={label}
            rows={2}
            max={AGREEMENT_LIMITS.text}
            value={draft[key]}
            onChange={(e) => set(key, e.target.value)}
            error={err(key)}
          />
        ))}
      </Section>

      <Section title="Cleaning rota">
        {draft.cleaning.map((task, i) => (
          <div key={task.key} className="flex flex-col gap-3 rounded-field border border-ink-200 p-3">
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <TextField
                label="Task"
                value={task.task}
                maxLength={AGREEMENT_LIMITS.shortText}
                onChange={(e) =>
                  set(
                    'cleaning',
                    draft.cleaning.map((x, j) => (j === i ? { ...x, task: e.target.value } : x)),
                  )
                }
                error={err(`cleaning.${i}.task`)}
              />
              <SelectField
                label="How often"
                value={task.frequency}
                onChange={(v) =>
                  set(
                    'cleaning',
                    draft.cleaning.map((x, j) => (j === i ? { ...x, frequency: v as typeof task.frequency } : x)),
                  )
                }
                options={CLEANING_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              />
            </div>
            <fieldset>
              <legend className="text-sm font-semibold text-ink-800">Who (several take turns)</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
                {people.map((p) => (
                  <label key={p.userId} className="flex min-h-11 items-center gap-2 text-ink-800">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      checked={task.who.includes(p.userId)}
                      onChange={(e) =>
                        set(
                          'cleaning',
                          draft.cleaning.map((x, j) =>
                            j === i
                              ? {
                                  ...x,
                                  who: e.target.checked ? [...x.who, p.userId] : x.who.filter((id) => id !== p.userId),
                                }
                              : x,
                          ),
                        )
                      }
                    />
                    {p.name}
                  </label>
                ))}
              </div>
              <FieldError>{err(`cleaning.${i}.who`)}</FieldError>
            </fieldset>
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() =>
                set(
                  'cleaning',
                  draft.cleaning.filter((_, j) => j !== i),
                )
              }
            >
              Remove {task.task || 'task'}
            </Button>
          </div>
        ))}
        {draft.cleaning.length < AGREEMENT_LIMITS.cleaningTasks && (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() =>
              set('cleaning', [...draft.cleaning, { key: newKey(), task: '', who: parties, frequency: 'weekly' }])
            }
          >
            Add a task
          </Button>
        )}
      </Section>

      <div className="sticky bottom-0 -mx-page flex gap-3 border-t border-ink-200 bg-white/95 px-page py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <Button type="submit" loading={pending} loadingText="Proposing…">
          Propose this version
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
