import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import {
  ChatIcon,
  EyeIcon,
  HeartIcon,
  LockIcon,
  MapPinIcon,
  ShieldIcon,
  VideoIcon,
  WalletIcon,
} from '../../../components/ui/icons';
import { PageShell } from '../../../components/ui/page-shell';
import { type BackLink, Section } from '../components/prose';

// The scam patterns our moderation flags (D22), in the words students will meet them.
const RED_FLAGS = [
  {
    title: 'A deposit before you have seen the place',
    text: 'Anyone asking for money to “hold” a room you have not viewed in person is the most common scam there is.',
  },
  {
    title: 'Wire transfers',
    text: 'Money sent by wire (Western Union, MoneyGram, bank wire) cannot be reversed. Landlords do not need it.',
  },
  {
    title: 'Gift cards',
    text: 'No landlord or roommate takes rent in gift cards. A request to pay with them is always a scam.',
  },
  {
    title: 'Cashier’s checks',
    text: 'Fake cashier’s checks and “overpayment” refunds are a classic trick. Do not accept or send one to a stranger.',
  },
  {
    title: '“I’m out of the country”',
    text: 'An owner who cannot show you the place because they are abroad, and will mail the keys after you pay, is not real.',
  },
  {
    title: 'Pressure and a price too good to be true',
    text: 'Rent far below similar places, “many people are interested, pay today”, or pushing you off Nestmate to pay.',
  },
];

/** Safety tips (001 §2): scams, meeting safely, calls first, blocking and reporting, emergencies. */
export function SafetyTipsRoute({ back }: { back: BackLink }) {
  return (
    <PageShell title="Safety Tips" back={back}>
      <p className="max-w-[70ch] text-lg leading-relaxed text-ink-800">
        Most people on Nestmate are students just like you. These habits keep you safe with the few who are not.
      </p>
      <Alert variant="destructive" title="In an emergency, call 911" className="mt-6">
        If you feel unsafe during a meeting, leave and call 911. Your safety matters more than being polite.
      </Alert>

      <div className="mt-10 flex flex-col gap-12">
        <section aria-labelledby="red-flags-heading" id="rental-scams" className="scroll-mt-24">
          <h2 id="red-flags-heading" className="flex items-center gap-3 text-heading text-ink-900 md:text-2xl">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-50 text-danger-700">
              <WalletIcon className="size-5" />
            </span>
            Rental scam red flags
          </h2>
          <p className="mt-3 max-w-[70ch] text-[1.0625rem] leading-relaxed text-ink-700">
            If you see any of these, stop, do not send money, and report the profile.
          </p>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {RED_FLAGS.map((flag) => (
              <li key={flag.title} className="rounded-card border border-danger-200 bg-white p-5 shadow-card">
                <p className="font-bold text-ink-900">{flag.title}</p>
                <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-700">{flag.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-[0.95rem] text-ink-700">
            Read more in our{' '}
            <Link className="font-semibold text-brand-700 underline underline-offset-4" to="/resources/rental-scams">
              rental scams guide
            </Link>
            .
          </p>
        </section>

        <Section id="video-first" title="Video-call first" icon={<VideoIcon className="size-5" />}>
          <p>
            Before meeting, have a video call. It confirms the person looks like their photos and is who they say they
            are, and it is a quick way to see whether you would get along. Someone who always has an excuse not to show
            their face is a warning sign. Gold members can call matches right from the chat.
          </p>
        </Section>

        <Section id="meeting" title="Meeting safely" icon={<MapPinIcon className="size-5" />}>
          <ul>
            <li>Meet the first time in a busy public place: a campus café, library or student union.</li>
            <li>Tell a friend who you are meeting, where and when, and check in with them afterwards.</li>
            <li>Get yourself there and back; do not accept a ride from someone you have just met.</li>
            <li>For apartment viewings, bring a friend, go in daylight and meet the landlord or manager there.</li>
            <li>Stay sober enough to make good decisions, and keep your drink with you.</li>
          </ul>
        </Section>

        <Section id="protect-info" title="Protect your information" icon={<LockIcon className="size-5" />}>
          <ul>
            <li>
              Keep chatting on Nestmate until you trust someone; our reports and moderation cannot see other apps.
            </li>
            <li>Do not share your home address, class schedule, Social Security number or bank details early on.</li>
            <li>Nestmate staff will never ask for your password. Do not click links that ask you to “verify” it.</li>
            <li>
              Use a strong, unique password, and report anything suspicious in the{' '}
              <Link to="/security-center">Security Center</Link>.
            </li>
          </ul>
        </Section>

        <Section id="trust-your-gut" title="Trust your gut" icon={<HeartIcon className="size-5" />}>
          <p>
            If something feels off, it probably is. You do not owe anyone a meeting, an explanation or a reply. It is
            always fine to end a conversation, leave a viewing, or say “I need to think about it” before signing or
            paying anything.
          </p>
        </Section>

        <Section id="block-report" title="How to block and report" icon={<ShieldIcon className="size-5" />}>
          <ol>
            <li>Open the person’s profile, or the chat with them.</li>
            <li>
              Choose <strong>Block</strong> to stop them seeing or messaging you. Blocking works both ways and ends the
              conversation.
            </li>
            <li>
              Choose <strong>Report</strong>, pick a reason (for example, scam or harassment) and add any details. The
              person is not told who reported them.
            </li>
            <li>Our team reviews every report. You can manage people you have blocked in Settings → Blocked Users.</li>
          </ol>
        </Section>

        <Section id="emergency-contacts" title="Emergency contacts" icon={<ChatIcon className="size-5" />}>
          <ul>
            <li>
              <strong>Immediate danger:</strong> call <a href="tel:911">911</a>.
            </li>
            <li>
              <strong>Campus police or security:</strong> save your campus number in your phone today; it is on your
              student ID or your school’s website.
            </li>
            <li>
              <strong>Emotional support, any time:</strong> call or text <a href="tel:988">988</a> (Suicide &amp; Crisis
              Lifeline).
            </li>
            <li>
              <strong>Lost money to a scam:</strong> report it to the FTC at{' '}
              <a href="https://reportfraud.ftc.gov" rel="noreferrer" target="_blank">
                ReportFraud.ftc.gov<span className="sr-only"> (opens in a new tab)</span>
              </a>{' '}
              and to the FBI at{' '}
              <a href="https://www.ic3.gov" rel="noreferrer" target="_blank">
                ic3.gov<span className="sr-only"> (opens in a new tab)</span>
              </a>
              , and tell your bank at once.
            </li>
            <li>
              <strong>Your own emergency contact:</strong> add a trusted person in{' '}
              <Link to="/emergency-contact">Settings → Emergency Contact</Link> so they are easy to reach.
            </li>
          </ul>
        </Section>

        <aside className="rounded-card bg-brand-900 p-6 text-brand-50 sm:p-8" aria-labelledby="safety-more-heading">
          <h2 id="safety-more-heading" className="flex items-center gap-2 text-heading text-white">
            <EyeIcon className="size-5" /> Keep learning
          </h2>
          <p className="mt-2 max-w-[60ch] leading-relaxed text-brand-100">
            Our Resource Hub has a viewing checklist, a lease checklist and a renter’s rights guide to take with you.
          </p>
          <Link
            to="/resources"
            className="mt-4 inline-flex h-11 items-center rounded-pill bg-white px-5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Open the Resource Hub
          </Link>
        </aside>
      </div>
    </PageShell>
  );
}
