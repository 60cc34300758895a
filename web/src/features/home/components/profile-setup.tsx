import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { CameraIcon, ChatIcon, SlidersIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';

const steps = [
  { icon: CameraIcon, title: 'Photos', body: 'Add 3 to 6 photos. The first one becomes your main picture.' },
  { icon: ChatIcon, title: 'Prompts', body: 'Answer 3 prompts so people get a feel for who you are.' },
  {
    icon: SlidersIcon,
    title: 'Preferences',
    body: 'Budget, move-in date, cleanliness, sleep and study habits.',
  },
];

type ProfileSetupProps = { email: string; headerActions?: ReactNode; onStart: () => void };

/** Signed in without a profile (001 §2 route /): the welcome before the completion wizard; Back to Profile returns here. */
export function ProfileSetup({ email, headerActions, onStart }: ProfileSetupProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]">
      <header className="mx-auto flex h-16 w-full max-w-2xl items-center justify-between px-page">
        <Link to="/" aria-label="Nestmate home" className="rounded-lg">
          <Logo />
        </Link>
        {headerActions}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-page pt-6 pb-12 outline-none">
        <p className="font-semibold text-brand-700">Welcome to Nestmate 👋</p>
        <h1 className="mt-2 text-title text-ink-900 md:text-[2.25rem]">Let's set up your profile</h1>
        <p className="mt-3 text-lg text-ink-700">
          You're signed in as <span className="font-semibold break-words text-ink-900">{email}</span>. Three short steps
          and you'll start seeing compatible roommates.
        </p>
        <ol className="mt-8 flex flex-col gap-3">
          {steps.map(({ icon: Icon, title, body }, index) => (
            <li
              key={title}
              className="flex items-center gap-4 rounded-card border border-ink-200/70 bg-white p-5 shadow-card"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink-500">Step {index + 1} of 3</p>
                <h2 className="text-lg font-bold text-ink-900">{title}</h2>
                <p className="text-ink-700">{body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
          <Button size="lg" onClick={onStart}>
            Get Started
          </Button>
          <p className="text-sm text-ink-600 sm:ml-2">Your photos are saved as you go.</p>
        </div>
      </main>
    </div>
  );
}
