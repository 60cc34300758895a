import { Link } from 'react-router-dom';
import { type BackLink, type DocSection, LegalDocument, MailLink } from '../components/legal-document';
import { LEGAL_UPDATED } from '../content';

// The 13 sections of 001 §2; appeals by e-mail within 30 days (001 §9).
const sections: DocSection[] = [
  {
    id: 'scope',
    title: 'Scope',
    body: (
      <p>
        This policy applies to everything you do on Nestmate: your profile and photos, messages, calls, reports, and any
        use of our website and API. It is part of our <Link to="/terms-of-service">Terms of Service</Link> and works
        alongside the <Link to="/community-guidelines">Community Guidelines</Link>.
      </p>
    ),
  },
  {
    id: 'permitted-use',
    title: 'Permitted use',
    body: (
      <p>
        Nestmate is for students aged 18 or older at U.S. colleges to find roommates and shared housing, for themselves
        or for a group they belong to. Use it for that, for your own personal, non-commercial purposes.
      </p>
    ),
  },
  {
    id: 'identity',
    title: 'Identity and honesty',
    body: (
      <ul>
        <li>Use your real name and your own recent photos.</li>
        <li>Do not impersonate anyone, or claim a school, age or housing situation that is not yours.</li>
        <li>Keep one account per person; do not share, sell or transfer accounts.</li>
        <li>Do not create a new account to get around a block, suspension or limit.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Content',
    body: (
      <>
        <p>Do not post or send content that:</p>
        <ul>
          <li>is sexually explicit, violent or graphic;</li>
          <li>
            harasses, threatens or demeans anyone, or attacks people based on race, ethnicity, religion, national
            origin, disability, sex, gender identity, sexual orientation or any other protected characteristic;
          </li>
          <li>shares someone else’s private information or photos without their permission;</li>
          <li>promotes illegal activity, including illegal drugs or discriminatory housing practices; or</li>
          <li>infringes someone else’s copyright, trademark or other rights.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'communication',
    title: 'Communication',
    body: (
      <ul>
        <li>Respect “no”. If someone does not reply, unmatches or blocks you, do not contact them another way.</li>
        <li>No unsolicited sexual messages or images.</li>
        <li>No spam, chain messages or copy-pasted messages sent to many people.</li>
        <li>Do not pressure people to move the conversation or payments off Nestmate before they are ready.</li>
      </ul>
    ),
  },
  {
    id: 'commercial-use',
    title: 'Commercial use',
    body: (
      <p>
        Nestmate is not a listing site. Landlords, property managers, brokers, sublet agencies and businesses may not
        advertise, recruit tenants or sell products here. Offering your own room in a place you live in, to find a
        roommate, is fine. Do not ask members for money for anything other than an honest, shared housing cost, and
        never before a viewing and a written lease.
      </p>
    ),
  },
  {
    id: 'technical-abuse',
    title: 'Technical abuse',
    body: (
      <ul>
        <li>No scraping, crawling or bulk collection of profiles or messages.</li>
        <li>No bots, automated swiping or scripts that act on your behalf.</li>
        <li>
          No attempts to get around limits, paywalls or security controls, or to access accounts or data that are not
          yours.
        </li>
        <li>No malware, phishing links, or attacks that overload or disrupt the service.</li>
      </ul>
    ),
  },
  {
    id: 'safety',
    title: 'Safety',
    body: (
      <p>
        Never ask for or send a deposit, wire transfer, gift card or cashier’s check for a place that has not been
        viewed. Do not use Nestmate to scam, stalk, threaten or endanger anyone. If someone is in immediate danger, call
        911. Our <Link to="/safety-tips">Safety Tips</Link> explain how to meet people safely.
      </p>
    ),
  },
  {
    id: 'enforcement',
    title: 'Reporting and enforcement',
    body: (
      <>
        <p>
          Report a profile or a conversation with the Report button on their profile or in the chat header; you can also
          block them. Automatic checks flag likely scams and abuse for our team, and a person reviews every flag before
          content is removed.
        </p>
        <p>Depending on how serious and repeated a breach is, we may:</p>
        <ul>
          <li>remove the content;</li>
          <li>warn you;</li>
          <li>limit features such as messaging;</li>
          <li>suspend your account temporarily; or</li>
          <li>close your account permanently, and report crimes to the police.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'appeals',
    title: 'Appeals',
    body: (
      <p>
        If you think we got it wrong, e-mail <MailLink to="appeals@nestmate.app" /> from your account’s address{' '}
        <strong>within 30 days</strong> of our decision. Tell us what happened and why you think the decision should
        change. Someone who was not involved in the first decision will review it and reply with the outcome.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security research and vulnerabilities',
    body: (
      <p>
        If you find a security vulnerability, report it through the <Link to="/security-center">Security Center</Link>{' '}
        or to <MailLink to="security@nestmate.app" />, and do not access other people’s data or disrupt the service
        while testing. We will not take action against good-faith research that follows our responsible-disclosure
        guidelines.
      </p>
    ),
  },
  {
    id: 'updates',
    title: 'Updates to this policy',
    body: (
      <p>
        We may update this policy as Nestmate and the ways people misuse it change. The date at the top shows the latest
        version; for material changes we will tell you in the app before they apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <ul>
        <li>
          Questions about this policy: <MailLink to="support@nestmate.app" />
        </li>
        <li>
          Appeals: <MailLink to="appeals@nestmate.app" />
        </li>
        <li>
          Security: <MailLink to="security@nestmate.app" />
        </li>
      </ul>
    ),
  },
];

export function AcceptableUsePolicyRoute({ back }: { back: BackLink }) {
  return (
    <LegalDocument
      title="Acceptable Use Policy"
      back={back}
      updated={LEGAL_UPDATED}
      sections={sections}
      intro={
        <p>
          Nestmate works because students can trust the people they meet here. This policy sets out what is and is not
          allowed, and what happens when someone breaks the rules.
        </p>
      }
    />
  );
}
