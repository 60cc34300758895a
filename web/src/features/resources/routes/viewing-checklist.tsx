import { Checklist } from '../components/checklist';
import { ResourcePage } from '../components/resource-page';
import { VIEWING_CHECKLIST } from '../content/checklists';

export function ViewingChecklistRoute() {
  return (
    <ResourcePage
      title="Apartment Viewing Checklist"
      lead="Take this list with you when you tour a place. Tick items as you go, and take photos of anything that is not right. Ticks are not saved, so print the list if you want a copy."
    >
      <Checklist groups={VIEWING_CHECKLIST} name="viewing" />
    </ResourcePage>
  );
}
