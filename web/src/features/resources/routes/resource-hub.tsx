import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/ui/button';
import {
  ChatIcon,
  ChevronRightIcon,
  EyeIcon,
  HomeIcon,
  PencilIcon,
  ShieldIcon,
  WalletIcon,
} from '../../../components/ui/icons';
import { PageShell } from '../../../components/ui/page-shell';

type Resource = { to: string; title: string; text: string; icon: ReactNode; meta: string };

const GROUPS: Array<{ id: string; title: string; intro: string; items: Resource[] }> = [
  {
    id: 'guides',
    title: 'Guides',
    intro: 'Short reads for before you sign anything.',
    items: [
      {
        to: '/resources/renters-rights-ca',
        title: 'Renter’s Rights in California',
        text: 'Deposits, the 21-day return rule, repairs, landlord entry and fair housing.',
        icon: <HomeIcon className="size-6" />,
        meta: '6 min read',
      },
      {
        to: '/resources/rental-scams',
        title: 'Rental Scams',
        text: 'The red flags of a fake listing and how to pay safely.',
        icon: <ShieldIcon className="size-6" />,
        meta: '4 min read',
      },
      {
        to: '/resources/roommate-questions',
        title: 'Roommate Questions',
        text: 'What to ask about money, chores, guests, quiet hours and conflict.',
        icon: <ChatIcon className="size-6" />,
        meta: '5 min read',
      },
    ],
  },
  {
    id: 'checklists',
    title: 'Checklists',
    intro: 'Tick through them on your phone, or print them out.',
    items: [
      {
        to: '/resources/viewing-checklist',
        title: 'Apartment Viewing Checklist',
        text: '40 things to check on a tour, from water pressure to smoke alarms.',
        icon: <EyeIcon className="size-6" />,
        meta: '40 items',
      },
      {
        to: '/resources/lease-checklist',
        title: 'Lease Agreement Checklist',
        text: 'The clauses to read before you and your roommates sign.',
        icon: <PencilIcon className="size-6" />,
        meta: '25 items',
      },
    ],
  },
  {
    id: 'tools',
    title: 'Tools',
    intro: 'Work out the numbers before you commit.',
    items: [
      {
        to: '/resources/cost-calculator',
        title: 'Cost of Living Calculator',
        text: 'Add up rent, bills and groceries to see your real monthly and yearly cost.',
        icon: <WalletIcon className="size-6" />,
        meta: 'Calculator',
      },
    ],
  },
];

/** The Resource Hub (001 §2): guides, checklists, tools and a way back to swiping. */
export function ResourceHubRoute() {
  return (
    <PageShell title="Resource Hub" back={{ to: '/', label: 'Home' }}>
      <p className="max-w-[70ch] text-lg leading-relaxed text-ink-800">
        Everything we wish we had known before our first apartment: guides, checklists and tools for finding and sharing
        a place, free for every student.
      </p>

      <div className="mt-10 flex flex-col gap-10">
        {GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-heading`}>
            <h2 id={`${group.id}-heading`} className="text-heading text-ink-900 md:text-2xl">
              {group.title}
            </h2>
            <p className="mt-1 text-ink-600">{group.intro}</p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="group flex h-full items-start gap-4 rounded-card border border-ink-200/70 bg-white p-5 shadow-card transition-colors hover:border-brand-300 hover:bg-brand-50/50"
                  >
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 group-hover:bg-white">
                      {item.icon}
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="font-bold text-ink-900 group-hover:text-brand-800">{item.title}</span>
                      <span className="text-[0.95rem] leading-snug text-ink-700">{item.text}</span>
                      <span className="mt-1 text-xs font-semibold tracking-wide text-ink-600 uppercase">
                        {item.meta}
                      </span>
                    </span>
                    <ChevronRightIcon className="mt-3 size-5 shrink-0 text-ink-400 group-hover:text-brand-700" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}

        <section
          aria-labelledby="cta-heading"
          className="flex flex-col items-start gap-4 rounded-card bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="cta-heading" className="text-heading">
              Ready to find your roommate?
            </h2>
            <p className="mt-1 text-brand-100">Matches are waiting who fit your budget, schedule and habits.</p>
          </div>
          <LinkButton to="/" variant="gold" size="lg">
            Start Swiping
          </LinkButton>
        </section>
      </div>
    </PageShell>
  );
}
