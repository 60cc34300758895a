import { Alert } from '../../../components/ui/alert';
import { Checklist } from '../components/checklist';
import { ResourcePage } from '../components/resource-page';
import { LEASE_CHECKLIST } from '../content/checklists';

export function LeaseChecklistRoute() {
  return (
    <ResourcePage
      title="Lease Agreement Checklist"
      lead="A lease is a legal contract, usually for a year. Go through it with your future roommates and tick each point before anyone signs."
    >
      <Alert title="Not sure about a clause?">
        Ask the landlord to explain it in writing, or have your campus student legal services read the lease. It is
        normal to ask for changes before you sign.
      </Alert>
      <Checklist groups={LEASE_CHECKLIST} name="lease" />
    </ResourcePage>
  );
}
