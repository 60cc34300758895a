import { Link } from 'react-router-dom';
import { type BackLink, type DocSection, LegalDocument, MailLink } from '../components/legal-document';
import { LEGAL_UPDATED } from '../content';

// The 15 sections of 001 §2 ("updates" and "contact" share the last one); periods from 001 §9 and D25.
const retention = [
  ['Messages', '7 years after the last message in the conversation'],
  ['Match data', '2 years after the account is deleted'],
  ['Payment records', '7 years (tax and accounting law)'],
  ['Audit logs of administrator actions', '3 years'],
  ['Security logs (sign-ins, security events)', '2 years'],
  ['Everything else in a deleted account', 'Erased within 30 days of the deletion request'],
  ['Data export archives', 'Available to download for 7 days'],
] as const;

const sections: DocSection[] = [
  {
    id: 'controller',
    title: 'Who is responsible for your data',
    body: (
      <p>
        Nestmate (“we”, “us”) is the controller of the personal data described in this policy: we decide why and how it
        is used. You can reach us about anything in this policy at <MailLink to="privacy@nestmate.app" />.
      </p>
    ),
  },
  {
    id: 'data-collected',
    title: 'Data we collect',
    body: (
      <>
        <h3>What you give us</h3>
        <ul>
          <li>Account data: your .edu e-mail address and a password (stored only as an argon2id hash).</li>
          <li>
            Profile data: name, photos, university, major, class year, gender, bio, prompt answers, budget range,
            move-in date, housing status and your roommate preferences and dealbreakers.
          </li>
          <li>Messages you send, and reports, feature requests or security reports you file.</li>
          <li>Emergency contacts you choose to add (name, phone number and relationship).</li>
          <li>Your agreement to these policies and your cookie choices, with the date and version.</li>
        </ul>
        <h3>What is created as you use Nestmate</h3>
        <ul>
          <li>Likes, passes, Super Likes, matches, blocks and boosts.</li>
          <li>
            Subscription and purchase records (plan, amount, dates). Card details go to our payment provider, not us.
          </li>
          <li>
            Security and technical data: sign-in times, IP address, browser type, and security events such as blocked
            requests.
          </li>
        </ul>
        <p>
          We do not collect your precise location. Distance is worked out from your university’s location. We strip
          location (GPS) and camera metadata from photos when you upload them.
        </p>
      </>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Legal basis for using your data',
    body: (
      <ul>
        <li>
          <strong>Contract</strong>: to provide the service you signed up for, such as showing your profile, matching
          and messaging, and processing Gold and purchases.
        </li>
        <li>
          <strong>Legitimate interests</strong>: to keep members safe, prevent fraud and scams, secure our systems and
          improve Nestmate, balanced against your rights.
        </li>
        <li>
          <strong>Consent</strong>: for optional cookies and any marketing e-mail. You can withdraw consent at any time
          without affecting earlier use.
        </li>
        <li>
          <strong>Legal obligation</strong>: to keep payment records and answer lawful requests.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use your data',
    body: (
      <ul>
        <li>To create and secure your account and confirm you are a student with a .edu address.</li>
        <li>To suggest compatible roommates and explain why you match.</li>
        <li>To deliver messages and calls between matches.</li>
        <li>To process subscriptions and purchases.</li>
        <li>
          To keep the community safe: automatic checks flag likely scams, harassment and explicit content for a human to
          review, and we act on reports.
        </li>
        <li>To send service e-mails such as confirmations, password resets and security notices.</li>
        <li>To understand, fix and improve Nestmate, using aggregated data wherever we can.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          <strong>We do not sell your personal data</strong>, and we do not share it for cross-context behavioral
          advertising.
        </p>
        <ul>
          <li>
            <strong>Other students</strong> see your profile as it appears in discovery, and your matches see the
            messages you send them.
          </li>
          <li>
            <strong>Service providers</strong> who process data for us under contract: hosting and storage, e-mail
            delivery and payment processing.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it or when it is needed to protect someone from serious
            harm.
          </li>
          <li>
            <strong>A successor</strong>, if Nestmate is merged or sold, who must keep this policy’s promises or tell
            you first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Passwords are hashed with argon2id, sessions are signed and short-lived, all traffic is encrypted in transit,
        access to personal data inside Nestmate is limited to the staff who need it, and administrator actions are
        logged. No system is perfectly secure; see the <Link to="/security-center">Security Center</Link> for details
        and to report a problem.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Wherever you live, you can:</p>
        <ul>
          <li>access the data we hold about you and get a copy of it;</li>
          <li>correct inaccurate data (most of it you can edit yourself in Edit Profile);</li>
          <li>delete your account and data;</li>
          <li>take your data elsewhere in a machine-readable format;</li>
          <li>object to or restrict some uses, and withdraw consent you gave.</li>
        </ul>
        <p>
          In the app, Settings → Data Management lets you request an export or a deletion.{' '}
          <strong>Data export or deletion requests are processed within 48 hours</strong>; an export’s download link
          stays available for <strong>7 days</strong>. Deleting your account hides it at once and erases it{' '}
          <strong>within 30 days</strong>. Other requests by e-mail to <MailLink to="privacy@nestmate.app" /> are
          answered <strong>within 30 days</strong> (<strong>45 days</strong> if a request is complex, and we will tell
          you if so). We may ask you to confirm your identity first. We will never treat you differently for using these
          rights.
        </p>
      </>
    ),
  },
  {
    id: 'california-eu',
    title: 'California and EU users',
    body: (
      <>
        <h3>California residents (CCPA / CPRA)</h3>
        <p>
          You have the right to know what personal information we collect, use and disclose; to delete it; to correct
          it; to limit the use of sensitive personal information; and to opt out of its sale or sharing. We do not sell
          or share personal information as those laws define it. You can use your rights yourself or through an
          authorized agent, and we will not discriminate against you for doing so.
        </p>
        <h3>Users in the European Economic Area, United Kingdom or Switzerland</h3>
        <p>
          Under the GDPR you also have the rights described above, plus the right to lodge a complaint with your local
          data protection authority. We would appreciate the chance to address your concern first at{' '}
          <MailLink to="privacy@nestmate.app" />.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use essential cookies to keep you signed in securely (httpOnly session cookies) and local storage to remember
        your cookie choices. Optional analytics and preference cookies are only used if you agree through the cookie
        banner. You can change your choice any time from Settings → Cookie Preferences.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Nestmate is run in the United States and your data is stored there. If you use Nestmate from outside the U.S.,
        your data is transferred to the U.S.; where the law requires it we use safeguards such as the European
        Commission’s Standard Contractual Clauses with our providers.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep data only as long as we need it for the purposes above or the law requires:</p>
        {/* Focusable so keyboard users can scroll it if a narrow screen ever makes it overflow. */}
        <section
          aria-label="Retention periods"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1).
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-field border border-ink-200"
        >
          <table className="w-full border-collapse text-left text-[0.95rem]">
            <caption className="sr-only">Retention periods</caption>
            <thead className="bg-ink-100 text-ink-900">
              <tr>
                <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                  Data
                </th>
                <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                  Kept for
                </th>
              </tr>
            </thead>
            <tbody>
              {retention.map(([data, period]) => (
                <tr key={data} className="border-t border-ink-200 bg-white">
                  <th scope="row" className="px-3 py-2.5 sm:px-4 font-medium text-ink-900">
                    {data}
                  </th>
                  <td className="px-3 py-2.5 sm:px-4">{period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </>
    ),
  },
  {
    id: 'minors',
    title: 'Children and minors',
    body: (
      <p>
        Nestmate is <strong>not for anyone under 18</strong>. We do not knowingly collect data from minors. If we learn
        that an account belongs to someone under 18, we close it and delete its data. If you believe a minor is using
        Nestmate, tell us at <MailLink to="privacy@nestmate.app" />.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services and links',
    body: (
      <p>
        Payments are handled by our payment provider under its own privacy policy. Calls connect directly between the
        two browsers, and some networks need public relay or STUN servers to connect them. Guides in the Resource Hub
        may link to government and non-profit websites; their privacy practices are their own.
      </p>
    ),
  },
  {
    id: 'breach',
    title: 'If there is a data breach',
    body: (
      <p>
        If a security breach is likely to put your personal data at risk, we will tell you and, where required, the
        relevant authorities without undue delay, <strong>typically within 72 hours</strong> of becoming aware of it. We
        will explain what happened, what data was involved, what we are doing, and what you can do to protect yourself.
      </p>
    ),
  },
  {
    id: 'updates-contact',
    title: 'Updates and contact',
    body: (
      <>
        <p>
          We will post any change to this policy here with a new date, and tell you in the app or by e-mail before a
          material change takes effect.
        </p>
        <ul>
          <li>
            Privacy questions and requests: <MailLink to="privacy@nestmate.app" />
          </li>
          <li>
            Security issues: <MailLink to="security@nestmate.app" />
          </li>
        </ul>
      </>
    ),
  },
];

export function PrivacyPolicyRoute({ back }: { back: BackLink }) {
  return (
    <LegalDocument
      title="Privacy Policy"
      back={back}
      updated={LEGAL_UPDATED}
      sections={sections}
      intro={
        <p>
          Finding a roommate means sharing things about yourself. This policy explains what Nestmate collects, why, who
          sees it, how long we keep it and how you stay in control. We do not sell your data.
        </p>
      }
    />
  );
}
