import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { UserHistory } from '../api/admin-keys';
import { useUserHistory } from '../api/history';
import { Badge, formatDateTime, humanize, statusTone } from './badge';
import { Loading } from './reports-tab';

/** A user's history on one page (issue 15): flags on their content, reports against and by them, decisions. */
export function UserHistoryDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const history = useUserHistory(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      {userId && (
        <DialogContent title="User history" description="Flags, reports and admin decisions, newest first.">
          {history.isPending ? (
            <Loading label="Loading history…" />
          ) : history.isError ? (
            <Alert variant="destructive" title="Failed to load the history.">
              <Button variant="secondary" size="sm" className="mt-1" onClick={() => void history.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <HistoryLists history={history.data} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function HistoryLists({ history }: { history: UserHistory }) {
  const confidence = (c: number | null) => (c === null ? 'not scored' : `${Math.round(c * 100)}%`);
  return (
    <div className="flex max-h-[70vh] flex-col gap-5 overflow-y-auto">
      <Section title="Flags on their content" empty="No flags.">
        {history.flags.map((f) => (
          <li key={f.id} className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-ink-900">{humanize(f.flagReason)}</span>
              <span className="tabular-nums text-ink-600">{confidence(f.confidenceScore)}</span>
              <Badge tone={statusTone(f.status)}>{humanize(f.status)}</Badge>
              <time className="text-ink-600" dateTime={f.createdAt}>
                {formatDateTime(f.createdAt)}
              </time>
            </span>
            {f.content && <span className="whitespace-pre-wrap break-words text-ink-700">{f.content}</span>}
          </li>
        ))}
      </Section>
      <Section title="Reports against them" empty="No reports against them.">
        {history.reportsAgainst.map((r) => (
          <li key={r.id}>
            <ReportLine report={r} />
          </li>
        ))}
      </Section>
      <Section title="Reports they filed" empty="No reports filed.">
        {history.reportsBy.map((r) => (
          <li key={r.id}>
            <ReportLine report={r} />
          </li>
        ))}
      </Section>
      <Section title="Admin decisions" empty="No decisions yet.">
        {history.decisions.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink-900">{humanize(d.action.replace('.', ' '))}</span>
            {d.details.automatic === true && <Badge tone="warning">Automatic</Badge>}
            <time className="text-ink-600" dateTime={d.createdAt}>
              {formatDateTime(d.createdAt)}
            </time>
          </li>
        ))}
      </Section>
    </div>
  );
}

function ReportLine({ report }: { report: UserHistory['reportsAgainst'][number] }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-ink-900">{humanize(report.reportCategory)}</span>
      <Badge tone={statusTone(report.status)}>{humanize(report.status)}</Badge>
      <time className="text-ink-600" dateTime={report.createdAt}>
        {formatDateTime(report.createdAt)}
      </time>
      {report.details && <span className="w-full break-words text-ink-700">{report.details}</span>}
    </span>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-bold text-ink-900">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-ink-600">{empty}</p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-2 text-sm">
          {children}
        </ul>
      )}
    </section>
  );
}
