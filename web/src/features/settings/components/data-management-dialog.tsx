import { useId, useState } from 'react';
import { PRIVACY_MESSAGES } from '../../../../../core/privacy/data-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DatabaseIcon, DownloadIcon, TrashIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import type { DataRequest } from '../../../lib/api-types';
import { problemToast } from '../../../lib/problem-toast';
import { downloadExport, useDataRequests, useRequestData } from '../api/data-requests';

// A deletion can't be undone from the app: typing the word makes the choice deliberate.
const CONFIRM_WORD = 'DELETE';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

type DataManagementDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a deletion request the account is hidden at once: the composition signs out (D25). */
  onAccountDeleted: () => void;
};

/** The Data Management modal (001 §2, §4, §9; D25): data export and account deletion, each starting pending. */
export function DataManagementDialog({ open, onOpenChange, onAccountDeleted }: DataManagementDialogProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setConfirming(false);
        onOpenChange(next);
      }}
    >
      {open &&
        (confirming ? (
          <ConfirmDeletion onCancel={() => setConfirming(false)} onDeleted={onAccountDeleted} />
        ) : (
          <DialogContent
            title="Data Management"
            description="Get a copy of your data or delete your account. Requests are processed within 48 hours."
          >
            <div className="flex flex-col gap-6">
              <ExportSection />
              <section aria-labelledby="delete-heading" className="flex flex-col gap-2 border-t border-ink-200/70 pt-5">
                <h3 id="delete-heading" className="flex items-center gap-2 font-bold text-ink-900">
                  <TrashIcon className="size-5 text-danger-700" /> Delete your account
                </h3>
                <p className="text-sm text-ink-700">
                  Your profile disappears from Nestmate at once and you are signed out. Everything is erased within 30
                  days, except records the law requires us to keep.
                </p>
                <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
                  Delete My Account
                </Button>
              </section>
            </div>
          </DialogContent>
        ))}
    </Dialog>
  );
}

function ExportSection() {
  const requests = useDataRequests();
  const request = useRequestData();
  const exports = (requests.data ?? []).filter((r) => r.requestType === 'export');
  const pending = exports.some((r) => r.status === 'pending');
  return (
    <section aria-labelledby="export-heading" className="flex flex-col gap-3">
      <h3 id="export-heading" className="flex items-center gap-2 font-bold text-ink-900">
        <DatabaseIcon className="size-5 text-brand-700" /> Export your data
      </h3>
      <p className="text-sm text-ink-700">
        A JSON file with your profile, preferences, likes, matches and messages. Once ready, you can download it for 7
        days.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        loading={request.isPending}
        disabled={pending || requests.isPending}
        onClick={() =>
          request.mutate('export', {
            onSuccess: () => toast.success('Data export requested', { description: "We'll have it ready shortly." }),
            onError: () => toast.error(PRIVACY_MESSAGES.exportFailed),
          })
        }
      >
        Request Data Export
      </Button>
      {requests.isError && <Alert variant="destructive">We couldn't load your earlier requests.</Alert>}
      {exports.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Your data exports">
          {exports.map((r) => (
            <ExportRow key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportRow({ request }: { request: DataRequest }) {
  const [downloading, setDownloading] = useState(false);
  const expired = request.expiresAt !== null && new Date(request.expiresAt).getTime() < Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-ink-50 px-4 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink-900">Export requested {formatDate(request.createdAt)}</p>
        <p className="text-ink-600" role="status">
          {request.status === 'pending'
            ? 'Pending — preparing your file…'
            : expired
              ? 'Expired'
              : request.expiresAt
                ? `Ready · available until ${formatDate(request.expiresAt)}`
                : 'Ready'}
        </p>
      </div>
      {request.status === 'pending' ? (
        <Spinner size="sm" label={null} className="text-brand-700" />
      ) : (
        !expired && (
          <Button
            size="sm"
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadExport(request);
              } catch (error) {
                problemToast(error, 'Failed to download your data. Please try again.');
              } finally {
                setDownloading(false);
              }
            }}
          >
            <DownloadIcon className="size-4" /> Download
          </Button>
        )
      )}
    </li>
  );
}

function ConfirmDeletion({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const request = useRequestData();
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const ready = typed.trim() === CONFIRM_WORD;
  return (
    <DialogContent
      title="Delete your account?"
      description="This can't be undone. You lose your matches, conversations and Gold benefits, and you are signed out now."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          request.mutate('deletion', {
            onSuccess: onDeleted,
            onError: () => toast.error(PRIVACY_MESSAGES.deletionFailed),
          });
        }}
      >
        <Alert variant="destructive" title="Your account will be deleted">
          Your profile is hidden at once and erased within 30 days. Download your data first if you want a copy.
        </Alert>
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={hintId}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!ready} loading={request.isPending}>
            Permanently Delete Account
          </Button>
        </div>
        <p id={hintId} className="sr-only">
          The delete button is enabled once you type {CONFIRM_WORD}.
        </p>
      </form>
    </DialogContent>
  );
}
