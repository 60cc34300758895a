import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageShell } from '../../../components/ui/page-shell';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { RoommateAgreementView } from '../../../lib/api-types';
import { cn } from '../../../lib/cn';
import { conversationPath } from '../../../lib/paths';
import { useAcceptVersion, useAgreement, useProposeVersion, useStartAgreement } from '../api/roommate-agreement';
import { AgreementDocument } from '../components/agreement-document';
import { AgreementEditor } from '../components/agreement-editor';
import { CheckInCard } from '../components/check-in-card';
import { SharedCosts } from '../components/shared-costs';
import { formatDate, listNames } from '../lib/format';

type Agreement = NonNullable<RoommateAgreementView['agreement']>;

/**
 * A conversation's roommate agreement (issue 21): start it pre-filled, propose changes, accept,
 * print the accepted version, and share costs once everyone has accepted.
 */
export function RoommateAgreementRoute({ conversationId, myId }: { conversationId: string; myId: string }) {
  const query = useAgreement(conversationId);
  const back = { to: conversationPath(conversationId), label: 'Back to chat' };
  return (
    <PageShell title="Roommate agreement" back={back} width="wide" printTitle={false}>
      {query.isPending ? (
        <div className="flex justify-center py-12 text-brand-700">
          <Spinner size="lg" label="Loading the agreement" />
        </div>
      ) : query.isError ? (
        <Alert variant="destructive">
          {isApiError(query.error) && query.error.status === 404
            ? 'This agreement is not available. You may no longer be in this conversation.'
            : 'The agreement could not be loaded. Please try again.'}
        </Alert>
      ) : (
        <AgreementScreen view={query.data} conversationId={conversationId} myId={myId} />
      )}
    </PageShell>
  );
}

function AgreementScreen({
  view,
  conversationId,
  myId,
}: {
  view: RoommateAgreementView;
  conversationId: string;
  myId: string;
}) {
  const start = useStartAgreement(conversationId);
  const names = new Map(view.people.map((p) => [p.userId, p.userId === myId ? `${p.name} (you)` : p.name]));
  const others = view.people.filter((p) => p.userId !== myId).map((p) => p.name);
  if (!view.agreement)
    return (
      <Card className="flex max-w-2xl flex-col gap-4 p-6">
        <h2 className="text-heading text-ink-900">Put your house rules in writing</h2>
        <p className="text-ink-700">
          Start an agreement with {listNames(others) || 'your roommates'}. It is filled in from everyone's preferences:
          quiet hours, guests, a cleaning rota, supplies, the kitchen, smoking, pets, temperature, how rent and each
          bill are split, the deposit, move-in date, lease term and how you raise problems. Everyone can propose
          changes, and it counts once everyone accepts it.
        </p>
        {start.isError && (
          <Alert variant="destructive">{errorMessage(start.error, 'The agreement could not be started.')}</Alert>
        )}
        <Button
          className="self-start"
          loading={start.isPending}
          loadingText="Starting…"
          onClick={() => start.mutate(undefined)}
        >
          Start an agreement
        </Button>
      </Card>
    );
  return (
    <AgreementBody agreement={view.agreement} view={view} names={names} conversationId={conversationId} myId={myId} />
  );
}

function AgreementBody({
  agreement,
  view,
  names,
  conversationId,
  myId,
}: {
  agreement: Agreement;
  view: RoommateAgreementView;
  names: Map<string, string>;
  conversationId: string;
  myId: string;
}) {
  const propose = useProposeVersion(conversationId);
  const accept = useAcceptVersion(conversationId);
  const [editing, setEditing] = useState(false);
  const [shownVersion, setShownVersion] = useState<number | null>(null);
  const current = agreement.versions.find((v) => v.version === agreement.currentVersion) ?? agreement.versions.at(-1);
  const acceptedV = agreement.versions.find((v) => v.version === agreement.acceptedVersion);
  if (!current) return null;
  const shown = agreement.versions.find((v) => v.version === shownVersion) ?? current;
  const printed = acceptedV ?? current;
  const name = (id: string) => names.get(id) ?? 'Someone';
  const currentAccepted = agreement.acceptedVersion === current.version;
  const iAccepted = current.acceptances.some((a) => a.userId === myId);
  const waitingFor = current.parties.filter((p) => !current.acceptances.some((a) => a.userId === p));
  const people = view.people
    .filter((p) => p.active)
    .map((p) => ({ userId: p.userId, name: p.userId === myId ? 'You' : p.name }));
  const proposer = current.proposedBy ? name(current.proposedBy) : 'Someone';

  const statusOf = (v: Agreement['versions'][number]) =>
    v.version === agreement.acceptedVersion ? (
      <p className="inline-flex rounded-pill bg-success-50 px-3 py-1 text-sm font-semibold text-success-700 print:bg-transparent print:p-0">
        Accepted by everyone{agreement.acceptedAt ? ` on ${formatDate(agreement.acceptedAt)}` : ''} · locked
      </p>
    ) : v.version === current.version ? (
      <p className="inline-flex rounded-pill bg-gold-50 px-3 py-1 text-sm font-semibold text-ink-800 print:bg-transparent print:p-0">
        Draft: {v.acceptances.length} of {v.parties.length} accepted
      </p>
    ) : (
      <p className="inline-flex rounded-pill bg-ink-100 px-3 py-1 text-sm font-semibold text-ink-700">
        Earlier version
      </p>
    );

  if (editing)
    return (
      <AgreementEditor
        terms={current.terms}
        people={people}
        pending={propose.isPending}
        serverErrors={isApiError(propose.error) ? propose.error.errors : []}
        serverMessage={isApiError(propose.error) && propose.error.errors.length === 0 ? propose.error.detail : null}
        onCancel={() => {
          propose.reset();
          setEditing(false);
        }}
        onSubmit={(terms) =>
          propose.mutate(
            { baseVersion: current.version, terms },
            {
              onSuccess: (next) => {
                setEditing(false);
                setShownVersion(null);
                toast.success(`Version ${next.agreement?.currentVersion} proposed. Everyone needs to accept it.`);
              },
            },
          )
        }
      />
    );

  return (
    <div className="flex flex-col gap-6">
      {acceptedV?.parties.includes(myId) && <CheckInCard conversationId={conversationId} />}
      <div className="flex flex-col gap-3 print:hidden" aria-live="polite">
        {currentAccepted ? (
          <Alert variant="success" title={`Version ${current.version} is accepted by everyone`}>
            It is locked. Changes start a new version that everyone accepts again.
          </Alert>
        ) : (
          <Alert variant="info" title={`Version ${current.version}, proposed by ${proposer}, is waiting`}>
            {waitingFor.length > 0 ? `Waiting for ${listNames(waitingFor.map(name))}.` : 'Everyone has accepted.'}
            {acceptedV && ` Version ${acceptedV.version} stays in force until then.`}
          </Alert>
        )}
        {accept.isError && (
          <Alert variant="destructive">{errorMessage(accept.error, 'Your acceptance could not be saved.')}</Alert>
        )}
        {propose.isError && !editing && (
          <Alert variant="destructive">{errorMessage(propose.error, 'Your changes could not be proposed.')}</Alert>
        )}
        <div className="flex flex-wrap gap-2">
          {!currentAccepted && current.parties.includes(myId) && !iAccepted && (
            <Button loading={accept.isPending} loadingText="Accepting…" onClick={() => accept.mutate(current.version)}>
              Accept version {current.version}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Propose changes
          </Button>
          <Button variant="ghost" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_16rem] print:block">
        <div className="print:hidden">
          <AgreementDocument
            terms={shown.terms}
            version={shown.version}
            names={names}
            parties={shown.parties}
            acceptances={shown.acceptances}
            status={statusOf(shown)}
          />
        </div>
        {/* What prints: the accepted version when there is one (the page's print stylesheet). */}
        <div className="hidden print:block">
          <AgreementDocument
            terms={printed.terms}
            version={printed.version}
            names={new Map(view.people.map((p) => [p.userId, p.name]))}
            parties={printed.parties}
            acceptances={printed.acceptances}
            status={statusOf(printed)}
          />
        </div>
        <nav aria-label="Versions" className="print:hidden">
          <h2 className="text-sm font-bold tracking-wide text-ink-600 uppercase">Versions</h2>
          <ol className="mt-2 flex flex-col gap-1.5">
            {[...agreement.versions].reverse().map((v) => (
              <li key={v.version}>
                <button
                  type="button"
                  aria-current={v.version === shown.version ? 'true' : undefined}
                  onClick={() => setShownVersion(v.version)}
                  className={cn(
                    'w-full rounded-field px-3 py-2 text-left text-sm ring-1 ring-ink-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600',
                    v.version === shown.version ? 'bg-brand-50 ring-brand-300' : 'bg-white',
                  )}
                >
                  <span className="font-semibold text-ink-900">Version {v.version}</span>
                  {v.version === agreement.acceptedVersion && <span className="ml-2 text-success-700">Accepted</span>}
                  <span className="block text-ink-600">
                    {v.proposedBy ? name(v.proposedBy) : 'Someone'} · {formatDate(v.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      <section aria-labelledby="costs-heading" className="flex flex-col gap-3 print:hidden">
        <h2 id="costs-heading" className="text-heading text-ink-900 md:text-2xl">
          Split with roommates
        </h2>
        {acceptedV?.parties.includes(myId) ? (
          <SharedCosts conversationId={conversationId} myId={myId} />
        ) : (
          <p className="rounded-card border border-dashed border-ink-300 bg-white p-6 text-ink-600">
            Shared costs open once everyone has accepted the agreement: rent and bills divided by the agreed split, each
            person's monthly share and annual total, and a ledger of shared expenses with who owes whom.
          </p>
        )}
        <p className="text-sm text-ink-700">
          Planning your own budget too? Try the{' '}
          <Link to="/resources/cost-calculator" className="font-semibold text-brand-700 underline underline-offset-2">
            cost of living calculator
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
