import { Link } from 'react-router-dom';
import { type BackLink, type DocSection, LegalDocument, MailLink } from '../components/legal-document';
import { LEGAL_UPDATED } from '../content';

const sections: DocSection[] = [
  {
    id: 'be-yourself',
    title: 'Be yourself',
    body: (
      <p>
        Use your real name, your own recent photos and honest answers about your habits. A roommate match only works if
        the person who shows up is the person on the profile: if you are a night owl who never does the dishes, say so.
        Someone out there is fine with it.
      </p>
    ),
  },
  {
    id: 'be-respectful',
    title: 'Be respectful',
    body: (
      <ul>
        <li>Be kind in messages, even when you are passing on someone.</li>
        <li>Take “no”, or no reply, as an answer. Do not keep messaging someone who has stopped responding.</li>
        <li>No insults, threats, sexual comments or unwanted explicit images, ever.</li>
      </ul>
    ),
  },
  {
    id: 'be-inclusive',
    title: 'Be inclusive',
    body: (
      <p>
        Nestmate is for every student. It is fine to share real preferences about living together: sleep schedules,
        cleanliness, guests, smoking, pets or a gender preference for a shared room. It is not fine to reject or demean
        people because of their race, ethnicity, religion, national origin, disability, sexual orientation or gender
        identity. Fair housing laws apply to housing offers, and so do our rules.
      </p>
    ),
  },
  {
    id: 'be-honest-about-money',
    title: 'Be honest about money and housing',
    body: (
      <ul>
        <li>Give your real budget and be upfront about the costs of a place you are offering.</li>
        <li>Never ask for a deposit or rent before someone has seen the place and there is a written lease.</li>
        <li>Nestmate is for finding roommates, not for advertising properties or services.</li>
      </ul>
    ),
  },
  {
    id: 'keep-it-safe',
    title: 'Keep it safe',
    body: (
      <p>
        Keep early conversations on Nestmate, meet in public the first time, and never share financial details. Our{' '}
        <Link to="/safety-tips">Safety Tips</Link> have the full list.
      </p>
    ),
  },
  {
    id: 'respect-privacy',
    title: 'Respect privacy',
    body: (
      <p>
        What people share with you in a chat is for you. Do not screenshot and post conversations, share someone’s
        photos, address or phone number, or look for people off Nestmate without their agreement.
      </p>
    ),
  },
  {
    id: 'speak-up',
    title: 'Speak up',
    body: (
      <p>
        If something feels wrong, use Block and Report on the person’s profile or in the chat. The person you report is
        never told who reported them. For an emergency, call 911 first.
      </p>
    ),
  },
  {
    id: 'enforcement',
    title: 'When guidelines are broken',
    body: (
      <p>
        We may remove content, limit features, or suspend or close accounts, as described in our{' '}
        <Link to="/acceptable-use-policy">Acceptable Use Policy</Link>. If you disagree with a decision, you can appeal
        by e-mail to <MailLink to="appeals@nestmate.app" /> within 30 days.
      </p>
    ),
  },
];

export function CommunityGuidelinesRoute({ back }: { back: BackLink }) {
  return (
    <LegalDocument
      title="Community Guidelines"
      back={back}
      updated={LEGAL_UPDATED}
      sections={sections}
      numbered={false}
      intro={
        <p>
          You are looking for someone to share a home with, so trust matters more here than on most apps. These
          guidelines are how we keep Nestmate honest, respectful and safe. Everyone agrees to them when they join.
        </p>
      }
    />
  );
}
