import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BottomBar } from '../../../components/ui/bottom-bar';
import { LinkButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChatIcon, CompassIcon, CrownIcon, HeartIcon, SettingsIcon, UserIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { cn } from '../../../lib/cn';

// Tab selection values of 001 §2; "upgrade" is its own page (/upgrade).
export type Tab = 'discover' | 'liked-you' | 'matches' | 'profile';

type TabDef = {
  value: Tab;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  gold?: boolean;
  title: string;
  body: string;
};

const tabs: TabDef[] = [
  {
    value: 'discover',
    label: 'Discover',
    icon: CompassIcon,
    title: 'Discover',
    body: 'Compatible students near your campus will show up here, one card at a time.',
  },
  {
    value: 'liked-you',
    label: 'Likes',
    icon: HeartIcon,
    gold: true,
    title: 'Likes',
    body: 'See who liked you and your matches. Gold members see every like right away.',
  },
  {
    value: 'matches',
    label: 'Messages',
    icon: ChatIcon,
    title: 'Messages',
    body: 'Chat with your matches, and video call when you are ready.',
  },
  {
    value: 'profile',
    label: 'Profile',
    icon: UserIcon,
    title: 'Profile',
    body: 'Your photos, prompts and preferences, as others see them.',
  },
];

const isTab = (value: string | null): value is Tab => tabs.some((t) => t.value === value);

const tabClasses =
  'flex flex-1 flex-col items-center justify-center gap-0.5 rounded-xl py-1.5 text-xs font-semibold transition-colors';

/** The signed-in app with a profile (001 §2): header, tab content and the bottom tab bar. */
type MainAppProps = {
  headerActions?: ReactNode;
  /** The premium status badge (000 §2), built by the premium feature; without it, an Upgrade to Gold link. */
  headerStatus?: ReactNode;
  /** The mode chip on Discover (001 §2), built by the groups feature; "Solo" without it. */
  modeChip?: ReactNode;
  /** Tab contents built by other features, composed in app/ (features do not import each other). */
  panels?: Partial<Record<Tab, ReactNode>>;
};

export function MainApp({ headerActions, headerStatus, modeChip, panels }: MainAppProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: Tab = isTab(requested) ? requested : 'discover';
  const current = tabs.find((t) => t.value === active) ?? tabs[0]!;

  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <header className="sticky top-0 z-30 border-b border-ink-200/70 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-2xl items-center justify-between gap-3 px-page lg:max-w-6xl">
          <div className="flex min-w-0 items-center gap-3">
            <Link to="/" aria-label="Nestmate home" className="shrink-0 rounded-lg">
              <Logo className="text-lg" compact />
            </Link>
            {active === 'discover' ? (
              (modeChip ?? (
                <span className="rounded-pill bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800 ring-1 ring-brand-200">
                  Solo
                </span>
              ))
            ) : (
              // The h1 names the tab too: on phones the chip gives its room to the status badges.
              <span className="rounded-pill bg-ink-100 px-3 py-1 text-xs font-bold whitespace-nowrap text-ink-700 max-sm:hidden">
                {current.label}
              </span>
            )}
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {headerStatus ?? (
              <>
                <span className="hidden sm:block">
                  <LinkButton to="/upgrade" variant="gold" size="sm">
                    <CrownIcon className="size-4" /> Upgrade to Gold
                  </LinkButton>
                </span>
                <Link
                  to="/upgrade"
                  className="flex size-10 items-center justify-center rounded-full bg-gold-100 text-gold-800 sm:hidden"
                >
                  <CrownIcon className="size-5" />
                  <span className="sr-only">Upgrade to Gold</span>
                </Link>
              </>
            )}
            {headerActions}
          </div>
        </div>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-2xl flex-1 px-page pt-6 pb-28 outline-none lg:max-w-6xl"
      >
        <h1 className="text-title text-ink-900">{current.title}</h1>
        {panels?.[active] ? (
          <div className="mt-5">{panels[active]}</div>
        ) : (
          <Card className="mt-5 flex flex-col items-center gap-4 py-12 text-center">
            <span className="flex size-16 items-center justify-center rounded-3xl bg-brand-50 text-brand-700">
              <current.icon className="size-8" />
            </span>
            <p className="max-w-sm text-ink-700">{current.body}</p>
            <p className="text-sm text-ink-600">Arriving in the next update.</p>
            {active === 'liked-you' && (
              <LinkButton to="/upgrade" variant="gold">
                <CrownIcon className="size-4" /> Upgrade to Gold
              </LinkButton>
            )}
            {active === 'profile' && (
              <LinkButton to="/edit-profile" variant="secondary">
                Edit Profile
              </LinkButton>
            )}
          </Card>
        )}
      </main>

      <BottomBar label="Main">
        <ul className="mx-auto flex h-tabbar max-w-2xl items-stretch gap-1 px-2 py-1.5">
          {tabs.map((tab) => {
            const selected = tab.value === active;
            return (
              <li key={tab.value} className="flex flex-1">
                <button
                  type="button"
                  aria-current={selected ? 'page' : undefined}
                  onClick={() => setParams(tab.value === 'discover' ? {} : { tab: tab.value })}
                  className={cn(
                    tabClasses,
                    selected ? 'bg-brand-50 text-brand-800' : 'text-ink-600 hover:bg-ink-100 hover:text-ink-900',
                  )}
                >
                  <span className="relative">
                    <tab.icon className="size-6" />
                    {tab.gold && (
                      <span className="absolute -top-2 -right-5 rounded-pill bg-gold-300 px-1.5 text-[0.6rem] leading-4 font-extrabold text-ink-900">
                        GOLD
                      </span>
                    )}
                  </span>
                  {tab.label}
                </button>
              </li>
            );
          })}
          <li className="flex flex-1">
            <Link to="/settings" className={cn(tabClasses, 'text-ink-600 hover:bg-ink-100 hover:text-ink-900')}>
              <SettingsIcon className="size-6" />
              Settings
            </Link>
          </li>
        </ul>
      </BottomBar>
    </div>
  );
}
