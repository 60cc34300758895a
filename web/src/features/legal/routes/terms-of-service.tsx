import { Link } from 'react-router-dom';
import { type BackLink, type DocSection, LegalDocument, MailLink } from '../components/legal-document';
import { LEGAL_UPDATED } from '../content';

// Figures from 001 §9 "Data handling and terms" and "Pricing", D23 (list and Gold member prices).
const sections: DocSection[] = [
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>To use Nestmate you must:</p>
        <ul>
          <li>
            be at least <strong>18 years old</strong>,
          </li>
          <li>
            be a <strong>current student at a U.S. college or university</strong>, and
          </li>
          <li>
            sign up with, and keep access to, a <strong>.edu e-mail address</strong> issued by your school.
          </li>
        </ul>
        <p>
          By creating an account you confirm that all three are true. If any stops being true (for example, you graduate
          and lose your .edu address), we may ask you to verify again or close the account. Nestmate is not for anyone
          under 18, and we delete accounts we learn belong to a minor.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You are responsible for your account. Use a strong password you do not use elsewhere, keep it private, and
          sign out on shared computers. One person, one account: do not create accounts for someone else, share your
          account, or create a new one after we have suspended you.
        </p>
        <p>
          Keep your profile accurate. Your name, university, class year, budget and photos should be yours and up to
          date, because other students make housing decisions based on them. If you think someone else has used your
          account, change your password and tell us through the <Link to="/security-center">Security Center</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          Nestmate helps students find compatible roommates. We suggest profiles based on the preferences you share, let
          you like or pass, and open a chat when two people like each other. Gold members can also call their matches.
          We also publish renter guides, checklists and tools in the Resource Hub.
        </p>
        <p>
          Nestmate is a meeting place, not a landlord, broker or housing agency. We do not own, list, inspect or
          guarantee any home, and we are not a party to any lease or agreement you make with another user or a landlord.
          We may change, add or remove features over time; if a change takes away something you have paid for, section 5
          applies.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'User conduct',
    body: (
      <>
        <p>
          Treat other students with respect and honesty. Our{' '}
          <Link to="/community-guidelines">Community Guidelines</Link> explain what that looks like day to day, and our{' '}
          <Link to="/acceptable-use-policy">Acceptable Use Policy</Link> sets out what is not allowed, including
          harassment, discrimination, fake profiles, scams, spam, commercial advertising and attempts to break or scrape
          the service. Both are part of these Terms.
        </p>
        <p>
          You can block and report anyone from their profile or your chat. We review reports and may remove content,
          restrict features, or suspend or close accounts that break these rules.
        </p>
      </>
    ),
  },
  {
    id: 'gold',
    title: 'Gold and one-time purchases',
    body: (
      <>
        <p>
          Nestmate is free to use. <strong>Gold</strong> is an optional subscription that adds unlimited likes, 5 Super
          Likes a day, a monthly profile boost, advanced filters, Who Liked You, voice and video calls, and an ad-free
          experience. One-time purchases (Super Like packs and profile boosts) are open to everyone.
        </p>
        <h3>Prices</h3>
        <p>
          Prices are as listed in the app at the time you buy, in U.S. dollars. Today Gold costs $14.99 a month or
          $89.99 a year. One-time purchases have a list price and a lower price for Gold members; the app shows the
          price that applies to you before you pay. We will give you at least <strong>30 days’ notice</strong> before a
          price change affects your subscription, so you can cancel first if you wish.
        </p>
        <h3>Renewal and cancellation</h3>
        <ul>
          <li>
            Subscriptions <strong>renew automatically</strong> at the end of each monthly or yearly period until you
            cancel.
          </li>
          <li>
            You can <strong>cancel at any time</strong> from Manage Subscription in Settings. Gold stays active until
            the end of the period you have already paid for, and is not renewed after that.
          </li>
          <li>Super Likes and boosts you bought are used as you spend them and do not expire when Gold ends.</li>
        </ul>
        <h3>Refunds</h3>
        <p>
          If something went wrong with a purchase, write to us <strong>within 30 days</strong> of the charge. Refunds
          are at our discretion; we look at each request fairly and in good faith, and nothing here limits any refund
          right you have under the law where you live. Payments are processed by our payment provider; we never see or
          store your full card number.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and our license',
    body: (
      <>
        <p>
          You own the photos, text and messages you post. To run Nestmate, you give us a worldwide, non-exclusive,
          royalty-free license to host, store, copy, resize, display and transmit that content, only to operate, secure
          and improve the service (for example, to show your profile to potential roommates). The license ends when you
          delete the content or your account, except for copies we must keep under our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> retention periods or the law.
        </p>
        <p>
          Only post content you have the right to share. Do not post photos of other people without their permission. We
          may remove content that breaks these Terms. Nestmate’s name, logo, design and software belong to us; you may
          not copy or reuse them without permission.
        </p>
      </>
    ),
  },
  {
    id: 'safety',
    title: 'Safety disclaimer',
    body: (
      <>
        <p>
          We verify that members have a .edu e-mail address, but <strong>we do not run background checks</strong> and{' '}
          <strong>we do not screen, inspect or verify housing</strong>, landlords or listings. You are responsible for
          your own decisions about who to meet and where to live.
        </p>
        <ul>
          <li>
            <strong>Meet in public</strong> the first time, tell a friend where you are going, and consider a video call
            first.
          </li>
          <li>
            <strong>Never pay before viewing</strong> a place in person and signing a written lease. Nobody genuine
            needs a deposit by wire transfer, gift card or cashier’s check before you have seen the home.
          </li>
        </ul>
        <p>
          Read our <Link to="/safety-tips">Safety Tips</Link> before you meet anyone. If you are ever in danger, call
          911.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <>
        <p>
          You can delete your account at any time from Settings → Data Management. If you have Gold, cancel it from
          Manage Subscription first; deleting the account does not by itself refund the current period.
        </p>
        <p>
          We may suspend or close an account that breaks these Terms, puts others at risk, or is required to be closed
          by law. Where it is safe and lawful, we will tell you why and how to appeal (see the{' '}
          <Link to="/acceptable-use-policy">Acceptable Use Policy</Link>).
        </p>
        <p>
          When an account is closed, it is hidden from other users at once and its{' '}
          <strong>account data is deleted after 30 days</strong>, except records we must keep longer as described in the
          Privacy Policy (for example, payment records).
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        We work hard to keep Nestmate available, accurate and safe, but the service is provided “as is” and “as
        available”. To the extent the law allows, we make no promise that it will be uninterrupted or error-free, that
        you will find a roommate, or that any user, listing or piece of content (including the guides in the Resource
        Hub, which are general information and not legal advice) is accurate or suitable for you. Some places do not
        allow these exclusions, so some may not apply to you.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the extent the law allows, Nestmate is not liable for indirect, incidental, special, consequential or
          punitive damages, or for loss of data, profits or housing, arising from your use of the service or from the
          conduct of any user or third party.
        </p>
        <p>
          Our total liability for any claim relating to Nestmate is limited to <strong>the greater of</strong> the
          amounts you paid us in the <strong>12 months before the claim</strong> arose, <strong>or $100</strong>.
          Nothing in these Terms limits liability that cannot be limited by law, such as for fraud or for death or
          personal injury caused by negligence.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <>
        <p>
          If you have a problem with Nestmate, please contact us first at <MailLink to="legal@nestmate.app" />. Most
          issues are solved quickly this way. If we cannot resolve it within 60 days, either of us may bring the claim
          in a small claims court that has jurisdiction, or otherwise in the state or federal courts located in the
          State of California.
        </p>
        <p>
          These Terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.
          If you live elsewhere, you keep any protections the consumer laws of your home state give you.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms as Nestmate changes. We will show the new date at the top of this page, and for
        material changes we will tell you in the app or by e-mail at least 30 days before they take effect. If you keep
        using Nestmate after that, the new Terms apply; if you do not agree, you can delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <ul>
        <li>
          Questions about these Terms: <MailLink to="legal@nestmate.app" />
        </li>
        <li>
          Billing and refunds: <MailLink to="support@nestmate.app" />
        </li>
        <li>
          Security concerns: <MailLink to="security@nestmate.app" /> or the{' '}
          <Link to="/security-center">Security Center</Link>
        </li>
      </ul>
    ),
  },
];

export function TermsOfServiceRoute({ back }: { back: BackLink }) {
  return (
    <LegalDocument
      title="Terms of Service"
      back={back}
      updated={LEGAL_UPDATED}
      sections={sections}
      intro={
        <p>
          These Terms are the agreement between you and Nestmate when you use our app to find a roommate. They are
          written to be read: the short version is be who you say you are, treat people well, and stay safe.
        </p>
      }
    />
  );
}
