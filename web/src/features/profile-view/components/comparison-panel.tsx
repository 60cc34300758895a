import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChatIcon, CheckIcon, LightbulbIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import type { Comparison, FactorComparison } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { useComparison } from '../api/get-comparison';

type ComparisonPanelProps = {
  userId: string;
  name: string;
  /**
   * Puts a question into the chat with them (composed in app/ from messaging). Offered only once the
   * two are matched: before that there is no chat to put it in.
   */
  onTalkAbout?: (conversationId: string, message: string) => void;
};

const STATUS_TEXT: Record<FactorComparison['status'], string> = {
  agree: 'Agrees',
  differ: 'Differs',
  missing: 'Not answered',
};

/**
 * Issue 21 "Honest compatibility": every D12 factor with both answers side by side, grouped into
 * what to talk about, what agrees and what is not answered yet; each difference a question for the chat.
 */
export function ComparisonPanel({ userId, name, onTalkAbout }: ComparisonPanelProps) {
  const comparison = useComparison(userId);
  if (comparison.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner size="lg" label="Loading the comparison" />
      </div>
    );
  }
  if (comparison.isError) {
    return (
      <Alert variant="destructive">
        {isApiError(comparison.error) && comparison.error.status === 404
          ? 'This profile is not available.'
          : 'Failed to load the comparison'}
      </Alert>
    );
  }
  return <ComparisonBody comparison={comparison.data} name={name} onTalkAbout={onTalkAbout} />;
}

function ComparisonBody({
  comparison: c,
  name,
  onTalkAbout,
}: {
  comparison: Comparison;
  name: string;
  onTalkAbout?: ComparisonPanelProps['onTalkAbout'];
}) {
  const groups = [
    { status: 'differ' as const, title: 'To talk about' },
    { status: 'agree' as const, title: 'Where you agree' },
    { status: 'missing' as const, title: 'Not answered yet' },
  ]
    .map((g) => ({ ...g, factors: c.factors.filter((f) => f.status === g.status) }))
    .filter((g) => g.factors.length > 0);
  const count = (s: FactorComparison['status']) => c.factors.filter((f) => f.status === s).length;
  const canAsk = c.conversationId !== null && onTalkAbout !== undefined;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-200">
        <p className="text-2xl font-extrabold text-brand-800">
          {Math.round(c.score)}%<span className="sr-only"> compatible</span>
        </p>
        <p className="min-w-0 flex-1 text-sm font-semibold text-ink-800">
          {count('agree')} agree · {count('differ')} to talk about
          {count('missing') > 0 && ` · ${count('missing')} not answered`}
        </p>
      </div>
      {!canAsk && count('differ') > 0 && (
        <p className="text-sm text-ink-600">Once you match, each question below can go straight into your chat.</p>
      )}
      {groups.map((g) => (
        <FactorGroup
          key={g.status}
          title={g.title}
          factors={g.factors}
          name={name}
          onAsk={canAsk ? (message) => onTalkAbout(c.conversationId as string, message) : undefined}
        />
      ))}
    </div>
  );
}

function FactorGroup({
  title,
  factors,
  name,
  onAsk,
}: {
  title: string;
  factors: FactorComparison[];
  name: string;
  onAsk?: (message: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-lg font-bold text-ink-900">
        {title} <span className="text-ink-600">({factors.length})</span>
      </h3>
      <ul className="mt-3 grid gap-3 lg:grid-cols-2">
        {factors.map((f) => (
          <FactorRow key={f.key} factor={f} name={name} onAsk={onAsk} />
        ))}
      </ul>
    </section>
  );
}

function FactorRow({
  factor: f,
  name,
  onAsk,
}: {
  factor: FactorComparison;
  name: string;
  onAsk?: (m: string) => void;
}) {
  const first = name.split(/\s+/)[0] || name;
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-2xl p-4 ring-1',
        f.status === 'differ' ? 'bg-accent-50/60 ring-accent-200' : 'bg-white ring-ink-200',
        f.talkAbout ? 'lg:col-span-2' : '',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h4 className="font-bold text-ink-900">{f.label}</h4>
          <p className="text-sm text-ink-700">
            {f.status === 'agree' && <CheckIcon className="mr-1 inline size-4 align-[-3px] text-success-700" />}
            {f.summary}
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-pill px-2.5 py-0.5 text-xs font-bold',
            f.status === 'agree' && 'bg-success-50 text-success-700 ring-1 ring-success-700/25',
            f.status === 'differ' && 'bg-accent-100 text-accent-800 ring-1 ring-accent-200',
            f.status === 'missing' && 'bg-ink-100 text-ink-700 ring-1 ring-ink-200',
          )}
        >
          {STATUS_TEXT[f.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <Answer who="You" value={f.mine} />
        <Answer who={first} value={f.theirs} />
      </dl>
      {f.talkAbout && (
        <div className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-accent-200 sm:flex-row sm:items-center">
          <p className="min-w-0 flex-1 text-sm text-ink-900">
            <span className="mb-0.5 flex items-center gap-1 text-xs font-bold tracking-wide text-accent-800 uppercase">
              <LightbulbIcon className="size-4" /> Talk about this
            </span>
            {f.talkAbout.question}
          </p>
          {onAsk && (
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start sm:self-center"
              aria-label={`Ask in your chat: ${f.label}`}
              onClick={() => onAsk(f.talkAbout?.message ?? '')}
            >
              <ChatIcon className="size-4" /> Ask in your chat
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Answer({ who, value }: { who: string; value: string | null }) {
  return (
    <div className="min-w-0 rounded-xl bg-ink-50 px-3 py-2">
      <dt className="truncate text-xs font-semibold text-ink-600">{who}</dt>
      <dd className={cn('font-semibold break-words', value === null ? 'text-ink-500 italic' : 'text-ink-900')}>
        {value ?? 'Not answered'}
      </dd>
    </div>
  );
}
