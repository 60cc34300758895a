import { GuideSection, ResourcePage } from '../components/resource-page';

// What to ask (001 §2 "roommate talk"): money, chores, guests, quiet hours, sharing, pets, conflict.
const TOPICS = [
  {
    id: 'money',
    title: 'Money',
    questions: [
      'How will we split rent: evenly, or by room size?',
      'Whose name goes on which utility bill, and how do we pay each other back?',
      'What happens if one of us cannot pay rent on time one month?',
      'How do we split the deposit, and how will we divide it when we move out?',
    ],
  },
  {
    id: 'chores',
    title: 'Chores and cleaning',
    questions: [
      'What does “clean” mean to you? How long can dishes sit in the sink?',
      'Do we want a chore chart, or does everyone clean up after themselves?',
      'Who takes out the trash and recycling, and when?',
      'How do we share the cost of cleaning supplies and toilet paper?',
    ],
  },
  {
    id: 'guests',
    title: 'Guests and partners',
    questions: [
      'How often is it okay to have friends over, and how much notice do we give?',
      'Are overnight guests fine? How many nights a week before it feels like a third roommate?',
      'Are parties okay, and how big?',
    ],
  },
  {
    id: 'quiet-hours',
    title: 'Sleep, study and quiet hours',
    questions: [
      'When do you usually go to bed and get up?',
      'Do you study at home? Do you need silence, or is music fine?',
      'What quiet hours should we agree on for weeknights and weekends?',
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing',
    questions: [
      'Do we share food, or keep separate shelves?',
      'Which kitchenware, furniture and TV or streaming accounts will we share, and who brings what?',
      'Is it okay to borrow things without asking?',
    ],
  },
  {
    id: 'pets',
    title: 'Pets, smoking and allergies',
    questions: [
      'Do you have, or want, a pet? Does the lease allow it?',
      'Does anyone have allergies we should know about?',
      'Smoking, vaping or cannabis at home: okay, outside only, or not at all?',
    ],
  },
  {
    id: 'conflict',
    title: 'Handling conflict',
    questions: [
      'How do you like to hear about a problem: face to face, or a message first?',
      'Should we have a short check-in every few weeks, even when things are fine?',
      'If we cannot agree, who could help (an RA, a friend, a mediator)?',
    ],
  },
];

export function RoommateQuestionsRoute() {
  return (
    <ResourcePage
      title="Roommate Questions"
      lead="The best time to talk about dishes, rent and overnight guests is before you sign the lease. Use these questions on a first video call or coffee with a match."
    >
      <nav aria-labelledby="topics-heading" className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card">
        <h2 id="topics-heading" className="text-sm font-bold tracking-wide text-ink-600 uppercase">
          Topics
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className="inline-flex h-9 items-center rounded-pill bg-brand-50 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-100"
              >
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {TOPICS.map((topic, index) => (
        <GuideSection key={topic.id} id={topic.id} title={topic.title} step={index + 1}>
          <ul>
            {topic.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </GuideSection>
      ))}

      <GuideSection id="agreement" title="Put it in writing">
        <p>
          Once you agree, write it down in a simple roommate agreement: rent split, bills, chores, guests and quiet
          hours, signed by everyone. It is not about distrust. It gives you something to come back to when memories
          differ, and makes the first awkward conversation much easier.
        </p>
      </GuideSection>
    </ResourcePage>
  );
}
