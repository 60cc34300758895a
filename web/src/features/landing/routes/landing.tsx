import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/ui/button';
import {
  ChatIcon,
  CheckIcon,
  CrownIcon,
  HeartIcon,
  LockIcon,
  ShieldIcon,
  SlidersIcon,
  UserIcon,
  VideoIcon,
} from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { HeroPreview } from '../components/hero-preview';
import { LandingFooter } from '../components/landing-footer';

const promises = [
  {
    icon: SlidersIcon,
    title: 'Lifestyle compatibility matching',
    body: 'Sleep schedule, cleanliness, study habits, guests and budget — we match on how you actually live.',
  },
  {
    icon: ShieldIcon,
    title: 'Verified students only',
    body: 'Every member confirms a .edu university email, so you know who you are talking to.',
  },
  {
    icon: LockIcon,
    title: 'Your privacy, protected',
    body: 'Your contact details stay private until you decide to share them. You control your data.',
  },
  {
    icon: VideoIcon,
    title: 'Built-in chat and video calls',
    body: 'Get to know a match before you sign anything, without handing out your number.',
  },
];

const steps = [
  { title: 'Verify your .edu email', body: 'Sign up with your university email and confirm it in one click.' },
  { title: 'Build your profile', body: 'Add photos, answer three prompts and set your roommate preferences.' },
  { title: 'Swipe, match and chat', body: 'Like the people who fit, match when it is mutual, and start talking.' },
];

const goldPerks = [
  'See who liked you',
  '5 Super Likes every day',
  'A monthly profile boost',
  'Advanced search filters',
  'Video and voice calls',
];

/** The public front page for signed-out visitors (001 §1). `notice` is shown above the hero. */
export function LandingRoute({ notice }: { notice?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-ink-200/60 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-page">
          <Link to="/" aria-label="Nestmate home" className="shrink-0 rounded-lg">
            <Logo className="max-sm:text-lg" />
          </Link>
          {/* Narrower buttons on phones keep Get Started clear of the screen's edge (issue 17). */}
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <LinkButton to="/sign-in" variant="ghost" size="sm" className="max-sm:px-3">
              Sign In
            </LinkButton>
            <span className="hidden min-[360px]:block">
              <LinkButton to="/sign-up" size="sm" className="max-sm:px-3">
                Get Started
              </LinkButton>
            </span>
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {notice && <div className="mx-auto max-w-6xl px-page pt-6">{notice}</div>}

        <section className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-100),transparent_55%),radial-gradient(ellipse_at_bottom_left,var(--color-accent-50),transparent_50%)]">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-page pt-10 pb-16 md:grid-cols-[1.1fr_1fr] md:pt-20 md:pb-24">
            <div className="flex flex-col items-start gap-6 animate-slide-up">
              <span className="inline-flex items-center gap-2 rounded-pill bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
                <ShieldIcon className="size-4" /> For verified .edu students, 18+
              </span>
              <h1 className="text-display text-ink-900 md:text-[3.5rem]">
                Find a roommate you'll <span className="text-brand-700">actually love</span> living with.
              </h1>
              <p className="max-w-xl text-lg text-ink-700">
                Nestmate matches college students by lifestyle, schedule and budget — then lets you chat and video call
                before you ever share an address.
              </p>
              <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
                <LinkButton to="/sign-up" size="lg" full className="sm:w-auto">
                  Get Started
                </LinkButton>
                <LinkButton to="/sign-in" variant="secondary" size="lg" full className="sm:w-auto">
                  Sign In
                </LinkButton>
              </div>
              <p className="text-sm text-ink-600">Free to join · .edu verification · No spam, ever</p>
            </div>
            <HeroPreview />
          </div>
        </section>

        <section aria-labelledby="stat-heading" className="bg-brand-800 text-white">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-page py-12 md:flex-row md:items-center md:gap-10">
            <p className="text-[4rem] leading-none font-extrabold text-gold-300 md:text-[5.5rem]">73%</p>
            <div>
              <h2 id="stat-heading" className="text-heading md:text-2xl">
                of students struggle to find roommates.
              </h2>
              <p className="mt-2 max-w-2xl text-brand-100">
                Random housing forms and group chats leave too much to chance. Nestmate replaces guesswork with
                compatibility you can see.
              </p>
            </div>
          </div>
        </section>

        <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-page py-16 md:py-24">
          <h2 id="why-heading" className="text-title text-ink-900 md:text-[2.25rem]">
            Why students choose Nestmate
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {promises.map(({ icon: Icon, title, body }) => (
              <li key={title} className="rounded-card border border-ink-200/70 bg-ink-50 p-6">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-ink-900">{title}</h3>
                <p className="mt-1.5 text-ink-700">{body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how-heading" className="bg-ink-50">
          <div className="mx-auto max-w-6xl px-page py-16 md:py-24">
            <h2 id="how-heading" className="text-title text-ink-900 md:text-[2.25rem]">
              How it works
            </h2>
            <ol className="mt-8 grid gap-4 md:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4 rounded-card bg-white p-6 shadow-card">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 font-extrabold text-accent-800">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="text-lg font-bold text-ink-900">{step.title}</h3>
                    <p className="mt-1 text-ink-700">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="gold-heading" className="mx-auto max-w-6xl px-page py-16 md:py-24">
          <div className="grid gap-8 overflow-hidden rounded-[2rem] bg-[linear-gradient(135deg,var(--color-brand-900),var(--color-brand-700))] p-8 text-white shadow-raised md:grid-cols-2 md:p-12">
            <div>
              <span className="inline-flex items-center gap-2 rounded-pill bg-gold-300 px-3 py-1 text-sm font-bold text-ink-900">
                <CrownIcon className="size-4" /> Nestmate Gold
              </span>
              <h2 id="gold-heading" className="mt-4 text-title md:text-[2.25rem]">
                Find your match faster.
              </h2>
              <p className="mt-3 text-brand-100">
                Upgrade any time after you join. From <strong className="text-white">$14.99/month</strong>, or{' '}
                <strong className="text-white">$89.99/year</strong> — save 50%.
              </p>
            </div>
            <ul className="flex flex-col gap-3 self-center">
              {goldPerks.map((perk) => (
                <li key={perk} className="flex items-center gap-3 text-lg">
                  <span className="flex size-7 items-center justify-center rounded-full bg-gold-300 text-ink-900">
                    <CheckIcon className="size-4" />
                  </span>
                  {perk}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="mx-auto max-w-3xl px-page pb-20 text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
            <HeartIcon className="size-7" />
          </div>
          <h2 id="cta-heading" className="mt-4 text-title text-ink-900">
            Your future roommate is already here.
          </h2>
          <p className="mt-2 text-ink-700">Join with your .edu email in under a minute.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton to="/sign-up" size="lg">
              <UserIcon className="size-5" /> Get Started
            </LinkButton>
            <LinkButton to="/resources" variant="secondary" size="lg">
              <ChatIcon className="size-5" /> Explore resources
            </LinkButton>
          </div>
        </section>
      </main>

      <LandingFooter />
    </div>
  );
}
