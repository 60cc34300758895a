import { Alert } from '../../../components/ui/alert';
import { GuideSection, ResourcePage } from '../components/resource-page';

// The scam patterns of D22, explained for renters.
const SCAMS = [
  {
    title: 'The phantom listing',
    text: 'Photos copied from a real listing, a low price, and a “landlord” who only wants a deposit to hold it.',
  },
  {
    title: 'The owner abroad',
    text: '“I’m out of the country” for work or mission, so you cannot see inside; they will mail the keys once you wire the money.',
  },
  {
    title: 'The overpayment',
    text: 'A future roommate sends a cashier’s check for more than they owe and asks you to send back the difference. The check bounces days later.',
  },
  {
    title: 'The roommate deposit',
    text: 'Someone on a roommate app says they already have the lease and asks you to pay your share before you have met or seen the place.',
  },
];

export function RentalScamsRoute() {
  return (
    <ResourcePage
      title="Rental Scams"
      lead="Rental scams target students because you are often moving from far away, on a deadline and on a budget. They are easy to avoid once you know the signs."
    >
      <Alert variant="destructive" title="The golden rule">
        Never pay a deposit, rent or “holding fee” before you have seen the place in person and signed a written lease.
      </Alert>

      <GuideSection id="red-flags" title="Red flags">
        <ul>
          <li>
            <strong>A deposit before a viewing</strong>, or pressure to pay today because “lots of people are
            interested”.
          </li>
          <li>
            <strong>Wire transfers</strong> (Western Union, MoneyGram, bank wire), payment apps to a stranger, or
            cryptocurrency.
          </li>
          <li>
            <strong>Gift cards</strong> as payment for anything.
          </li>
          <li>
            <strong>Cashier’s checks</strong>, especially for more than the amount owed with a request to send the
            difference back.
          </li>
          <li>
            <strong>“I’m out of the country”</strong>, or any other reason you cannot meet the owner or see inside.
          </li>
          <li>Rent far below similar places nearby, and a lease offered without any application or check.</li>
          <li>Requests to move off Nestmate to a personal e-mail or messaging app right away.</li>
        </ul>
      </GuideSection>

      <section aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-heading text-ink-900 md:text-2xl">
          Common scams
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {SCAMS.map((scam) => (
            <li key={scam.title} className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card">
              <h3 className="font-bold text-ink-900">{scam.title}</h3>
              <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-700">{scam.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <GuideSection id="check" title="How to check a listing" step={1}>
        <ul>
          <li>
            Search the address and the photos online (a reverse image search): the same photos elsewhere is a warning.
          </li>
          <li>Look up who owns the property in the county’s property records, and check the name matches.</li>
          <li>See the place in person, or by live video call with someone standing inside it, before you pay.</li>
          <li>Meet the landlord or property manager, and ask for a written lease and their full contact details.</li>
        </ul>
      </GuideSection>

      <GuideSection id="pay-safely" title="How to pay safely" step={2}>
        <ul>
          <li>
            Pay only after the viewing and the signed lease, and only to the landlord or management company named in it.
          </li>
          <li>Use a check or a traceable bank payment, and get a receipt for every payment.</li>
          <li>Split costs with roommates only after everyone has signed, and keep a record of who paid what.</li>
        </ul>
      </GuideSection>

      <GuideSection id="if-scammed" title="If you think you have been scammed" step={3}>
        <ol>
          <li>Stop all contact and do not send more money, even if they promise a refund.</li>
          <li>Call your bank or card company at once; some payments can still be stopped.</li>
          <li>
            Report it to the FTC at{' '}
            <a href="https://reportfraud.ftc.gov" rel="noreferrer" target="_blank">
              ReportFraud.ftc.gov<span className="sr-only"> (opens in a new tab)</span>
            </a>
            , to the FBI at{' '}
            <a href="https://www.ic3.gov" rel="noreferrer" target="_blank">
              ic3.gov<span className="sr-only"> (opens in a new tab)</span>
            </a>
            , and to your local police.
          </li>
          <li>Report the profile on Nestmate so we can stop them reaching other students.</li>
        </ol>
      </GuideSection>
    </ResourcePage>
  );
}
