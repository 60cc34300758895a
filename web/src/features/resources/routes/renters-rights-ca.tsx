import { Alert } from '../../../components/ui/alert';
import { GuideSection, KeyFacts, ResourcePage } from '../components/resource-page';

// Facts from 001 §9 "Renter guide facts (California)".
const FACTS = [
  { value: '2 months’ rent', label: 'Maximum security deposit for an unfurnished place (3 months’ if furnished)' },
  { value: '21 days', label: 'To return your deposit after you move out, with an itemized statement' },
  { value: '24 hours', label: 'Written notice before a landlord enters, except in an emergency' },
];

export function RentersRightsCaRoute() {
  return (
    <ResourcePage
      title="Renter’s Rights in California"
      lead="Most California students rent for the first time in college. Here is what the law says about deposits, repairs, privacy and fair treatment, in plain language."
    >
      <Alert title="General information, not legal advice">
        This guide is a summary to help you ask the right questions. Laws change and details depend on your situation
        and city. For advice about your case, talk to your campus student legal services or a tenant organization listed
        below.
      </Alert>

      <KeyFacts label="Key numbers" facts={FACTS} />

      <GuideSection id="deposits" title="Security deposits">
        <p>
          A landlord may ask for a security deposit of up to <strong>two months’ rent for an unfurnished</strong> place
          and <strong>three months’ rent for a furnished</strong> one. Any “last month’s rent” or cleaning fee collected
          up front counts toward that limit.
        </p>
        <p>
          A 2024 law (AB 12) lowered the cap to one month’s rent for many rentals from July 1, 2024, so check the
          current limit for your place with the self-help resources below before you pay.
        </p>
        <ul>
          <li>Pay the deposit only after you have seen the place and signed a written lease.</li>
          <li>
            Get a receipt, and pay in a way that leaves a record (a check or bank transfer, never cash or gift cards).
          </li>
          <li>Walk through the place before moving in, note every existing problem, and take dated photos.</li>
        </ul>
      </GuideSection>

      <GuideSection id="deposit-return" title="Getting your deposit back">
        <p>
          Within <strong>21 days</strong> after you move out, the landlord must return your deposit, or send an{' '}
          <strong>itemized statement</strong> of what was deducted and why, with the rest of the money. Deductions are
          allowed for unpaid rent, cleaning to return the place to how it was when you moved in, and repairing damage
          beyond normal wear and tear. Where repairs or cleaning cost more than $125, copies of receipts or invoices
          must be included.
        </p>
        <p>
          Ask for a walk-through inspection before you leave: the landlord must tell you what to fix, so you get the
          chance to fix it yourself. If a landlord keeps a deposit in bad faith, a court can award up to twice the
          deposit on top of what is owed.
        </p>
      </GuideSection>

      <GuideSection id="entry" title="When a landlord can come in">
        <p>
          Your home is your private space. A landlord must give <strong>24 hours’ written notice</strong> before
          entering, and come during normal business hours, for a real reason: to make repairs, show the unit to future
          tenants or buyers, or inspect it. In a true emergency, such as a burst pipe or fire, they may enter without
          notice.
        </p>
      </GuideSection>

      <GuideSection id="habitability" title="A place that is fit to live in">
        <p>Every rental must be habitable. That includes:</p>
        <ul>
          <li>working plumbing, hot and cold water, and heating;</li>
          <li>safe electrical wiring and lighting;</li>
          <li>a roof, walls, doors and windows that keep out wind and rain;</li>
          <li>working locks on entry doors and windows, and working smoke alarms;</li>
          <li>a building free of pests, rubbish and mold that affects health.</li>
        </ul>
      </GuideSection>

      <GuideSection id="repairs" title="Asking for repairs">
        <ol>
          <li>Tell your landlord about the problem in writing (e-mail or text works) and keep a copy.</li>
          <li>
            Allow reasonable time to fix it, usually up to 30 days, less for urgent problems like no heat or water.
          </li>
          <li>
            If serious problems are not fixed, California law may let you “repair and deduct” (up to one month’s rent,
            twice a year) or take other steps. The rules are strict, so get advice before withholding any rent.
          </li>
        </ol>
        <p>
          A landlord may not punish you for asking for repairs or for using your rights, for example by raising the
          rent, cutting services or threatening eviction.
        </p>
      </GuideSection>

      <GuideSection id="discrimination" title="Fair treatment and discrimination">
        <p>
          California and federal fair housing laws forbid landlords to refuse to rent, charge more or treat you
          differently because of race, color, religion, sex, gender identity or expression, sexual orientation, national
          origin, ancestry, disability, marital or familial status, age, veteran status, or source of income, including
          financial aid and housing vouchers. Landlords must also make reasonable accommodations for disability, such as
          allowing an assistance animal.
        </p>
        <p>
          Choosing who shares your own room or unit is treated differently from renting out housing, but on Nestmate
          every search must still follow our Community Guidelines.
        </p>
      </GuideSection>

      <GuideSection id="help" title="Where to get help">
        <ul>
          <li>
            <strong>Your campus:</strong> most UC, CSU and many community colleges have free student legal services or
            an off-campus housing office that reviews leases.
          </li>
          <li>
            <strong>California Courts Self-Help Guide:</strong>{' '}
            <a href="https://selfhelp.courts.ca.gov" rel="noreferrer" target="_blank">
              selfhelp.courts.ca.gov<span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            explains deposits, repairs and evictions, with the forms you need.
          </li>
          <li>
            <strong>Discrimination:</strong> file a complaint with the California Civil Rights Department at{' '}
            <a href="https://calcivilrights.ca.gov" rel="noreferrer" target="_blank">
              calcivilrights.ca.gov<span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </li>
          <li>
            <strong>Local tenant unions and legal aid:</strong> many cities have free tenant hotlines; search for your
            city’s name with “tenant rights”.
          </li>
        </ul>
      </GuideSection>
    </ResourcePage>
  );
}
