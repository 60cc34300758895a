import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { AdminReport, ReportStatus } from '../api/admin-keys';
import { REPORT_STATUSES, useAdminReport, useAdminReports, useSetReportStatus } from '../api/reports';
import { Badge, formatDate, formatDateTime, humanize, severityTone, statusTone } from './badge';

/** User Reports: the 10 newest with category, date, severity and status badges (001 §2). */
export function ReportsTab() {
  const reports = useAdminReports();
  const [openId, setOpenId] = useState<string | null>(null);

  if (reports.isPending) return <Loading label="Loading reports…" />;
  if (reports.isError) {
    return (
      <Alert variant="destructive" title="We couldn't load the reports">
        <Button variant="secondary" size="sm" className="mt-1" onClick={() => void reports.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="reports-title" className="flex flex-col gap-4">
      <div>
        <h2 id="reports-title" className="text-heading text-ink-900">
          Recent reports
        </h2>
        <p className="text-sm text-ink-600">The 10 newest reports filed by students.</p>
      </div>
      {reports.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-8 text-center text-ink-600">No reports yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby="reports-title">
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportRow report={report} onOpen={() => setOpenId(report.id)} />
            </li>
          ))}
        </ul>
      )}
      <ReportDialog reportId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

function ReportRow({ report, onOpen }: { report: AdminReport; onOpen: () => void }) {
  const category = humanize(report.reportCategory);
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200/70 bg-white p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1.5">
        <h3 className="font-bold text-ink-900">{category}</h3>
        <p className="text-sm text-ink-600">
          <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
        </p>
        <div className="flex flex-wrap gap-2">
          <Badge tone={severityTone(report.severityLevel)}>Severity: {humanize(report.severityLevel)}</Badge>
          <Badge tone={statusTone(report.status)}>Status: {humanize(report.status)}</Badge>
        </div>
      </div>
      <Button variant="secondary" size="sm" onClick={onOpen} className="self-start sm:self-center">
        View details
        <span className="sr-only">
          : {category} report of {formatDate(report.createdAt)}
        </span>
      </Button>
    </article>
  );
}

function ReportDialog({ reportId, onClose }: { reportId: string | null; onClose: () => void }) {
  const report = useAdminReport(reportId);
  const setStatus = useSetReportStatus();
  const [status, setStatusValue] = useState<ReportStatus>('pending');

  useEffect(() => {
    if (report.data) setStatusValue(report.data.status as ReportStatus);
  }, [report.data]);

  return (
    <Dialog open={reportId !== null} onOpenChange={(open) => !open && onClose()}>
      {reportId !== null && (
        <DialogContent title="Report details" description="Review the report and set its status.">
          {report.isPending ? (
            <Loading label="Loading report…" />
          ) : report.isError ? (
            <Alert variant="destructive" title="We couldn't load this report" />
          ) : (
            <form
              className="flex flex-col gap-5"
              onSubmit={(e) => {
                e.preventDefault();
                setStatus.mutate({ reportId, reportStatus: status }, { onSuccess: onClose });
              }}
            >
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="font-semibold text-ink-700">Category</dt>
                <dd className="text-ink-900">{humanize(report.data.reportCategory)}</dd>
                <dt className="font-semibold text-ink-700">Filed</dt>
                <dd className="text-ink-900">{formatDateTime(report.data.createdAt)}</dd>
                <dt className="font-semibold text-ink-700">Severity</dt>
                <dd>
                  <Badge tone={severityTone(report.data.severityLevel)}>{humanize(report.data.severityLevel)}</Badge>
                </dd>
                <dt className="font-semibold text-ink-700">Reporter</dt>
                <dd className="break-all font-mono text-xs text-ink-800">{report.data.reporterId ?? 'Unknown'}</dd>
                <dt className="font-semibold text-ink-700">Reported user</dt>
                <dd className="break-all font-mono text-xs text-ink-800">{report.data.reportedUserId ?? 'Unknown'}</dd>
              </dl>
              <div className="flex flex-col gap-1.5">
                <h3 className="text-sm font-semibold text-ink-700">Details</h3>
                <p className="whitespace-pre-wrap rounded-field bg-ink-50 p-3 text-sm text-ink-900">
                  {report.data.details || 'No details given.'}
                </p>
              </div>
              <SelectField
                label="Status"
                value={status}
                onChange={(v) => setStatusValue(v as ReportStatus)}
                options={REPORT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
              />
              <Button
                type="submit"
                loading={setStatus.isPending}
                loadingText="Saving…"
                disabled={status === report.data.status}
              >
                Update status
              </Button>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 py-10 text-brand-700">
      <Spinner label={null} />
      <p role="status" className="font-medium text-ink-600">
        {label}
      </p>
    </div>
  );
}
