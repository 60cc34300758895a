import { type BackLink, type DocSection, LegalDocument, MailLink } from '../components/legal-document';
import { LEGAL_UPDATED } from '../content';

// Feedback answered within 3 business days (001 §9).
const sections: DocSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <p>
        Every student should be able to find a roommate on Nestmate, whatever device, browser or assistive technology
        they use. We aim to meet the <strong>Web Content Accessibility Guidelines (WCAG) 2.1 at level AA</strong> across
        the app.
      </p>
    ),
  },
  {
    id: 'what-we-did',
    title: 'What we have done',
    body: (
      <ul>
        <li>Every page has one main heading, clear landmarks and a “Skip to main content” link.</li>
        <li>All features work with a keyboard alone, with a clearly visible focus outline.</li>
        <li>Text and controls meet AA color contrast, and text can be enlarged to 200% without losing content.</li>
        <li>Form fields have visible labels, and errors are described in words, not only with color.</li>
        <li>Layouts work from a 320 px wide phone to a large desktop screen.</li>
        <li>Animations are switched off when your device asks for reduced motion.</li>
        <li>Charts in our tools come with a text table of the same figures.</li>
        <li>Automated accessibility checks (axe) run on every page in a real browser before each release.</li>
      </ul>
    ),
  },
  {
    id: 'known-limits',
    title: 'Known limitations',
    body: (
      <>
        <p>We know some parts are not yet as good as they should be:</p>
        <ul>
          <li>
            Profile photos uploaded by students do not have written descriptions; we show the person’s name and details
            beside every photo instead.
          </li>
          <li>
            Swiping gestures on the discovery cards have button equivalents (Pass, Super Like, Like), which are the
            accessible way to use them.
          </li>
          <li>Video calls do not offer live captions yet.</li>
        </ul>
        <p>We are working on these and will update this page as they are fixed.</p>
      </>
    ),
  },
  {
    id: 'compatibility',
    title: 'Compatibility',
    body: (
      <p>
        Nestmate is designed for current versions of Chrome, Edge, Firefox and Safari, including on iOS and Android,
        with VoiceOver, TalkBack, NVDA and JAWS.
      </p>
    ),
  },
  {
    id: 'feedback',
    title: 'Feedback',
    body: (
      <p>
        If something on Nestmate is hard to use, or you need information in a different format, tell us at{' '}
        <MailLink to="accessibility@nestmate.app" />. Include the page and what you were trying to do, and the device
        and assistive technology you use if you can. <strong>We reply within 3 business days</strong> and will work with
        you on a solution.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <ul>
        <li>
          Accessibility: <MailLink to="accessibility@nestmate.app" />
        </li>
        <li>
          General support: <MailLink to="support@nestmate.app" />
        </li>
      </ul>
    ),
  },
];

export function AccessibilityStatementRoute({ back }: { back: BackLink }) {
  return (
    <LegalDocument
      title="Accessibility Statement"
      back={back}
      updated={LEGAL_UPDATED}
      sections={sections}
      numbered={false}
      intro={<p>How we make Nestmate usable by every student, what we still need to fix, and how to tell us.</p>}
    />
  );
}
