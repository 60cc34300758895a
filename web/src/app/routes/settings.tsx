import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, type NavigateFunction, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import {
  AccessibilityIcon,
  BanIcon,
  BellIcon,
  BookIcon,
  ChevronRightIcon,
  CookieIcon,
  CreditCardIcon,
  DatabaseIcon,
  FileTextIcon,
  LightbulbIcon,
  LockIcon,
  LogOutIcon,
  MailIcon,
  PencilIcon,
  PhoneIcon,
  ShieldIcon,
  UserIcon,
} from '../../components/ui/icons';
import { PageShell } from '../../components/ui/page-shell';
import { toast } from '../../components/ui/toast';
// Settings is where other features are reached from (001 §2): it composes the auth feature's
// session calls and the consent feature's cookie preferences rather than copying them.
import { meQueryKey, useMe } from '../../features/auth/api/get-me';
import { signOut } from '../../features/auth/api/sign-out';
import { openCookiePreferences } from '../../features/consent/api/cookie-preferences';
import { HiddenWordsSection } from '../../features/hidden-words/components/hidden-words-section';
import { NotificationSettingsDialog } from '../../features/notifications/components/notification-settings-dialog';
import { ChangeEmailDialog } from '../../features/settings/components/change-email-dialog';
import { DataManagementDialog } from '../../features/settings/components/data-management-dialog';
import { FeatureRequestsDialog } from '../../features/settings/components/feature-requests-dialog';
import { MarketingEmailsSwitch } from '../../features/settings/components/marketing-emails-switch';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

type Modal = 'feature-requests' | 'data' | 'sign-out' | 'email' | 'notifications' | null;

type Row = { label: string; description: string; icon: ReactNode } & (
  | { to: string }
  | { onClick: () => void; danger?: boolean }
  | { custom: ReactNode }
);

const icon = (Icon: (p: { className?: string }) => ReactNode) => <Icon className="size-5" />;

/** /settings (001 §2): Account, Safety and Privacy, Legal and Compliance. */
export function SettingsRoute() {
  const [modal, setModal] = useState<Modal>(null);
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEmailChangeOutcome();

  // D25: a deletion hides the account at once, so the session ends here too.
  async function afterDeletion() {
    setModal(null);
    try {
      await signOut();
    } catch (error) {
      // The server may already refuse the hidden account's session; the cookies expire on their own.
      console.warn('Sign-out after deletion failed', error);
    }
    leaveSession(queryClient, navigate);
    toast.success('Account deletion requested', {
      description: 'Your account is hidden now and will be erased within 30 days. You have been signed out.',
      duration: 10_000,
    });
  }

  const groups: { id: string; title: string; rows: Row[] }[] = [
    {
      id: 'account',
      title: 'Account',
      rows: [
        {
          label: 'Edit Profile',
          description: 'Photos, basics, prompts and preferences',
          icon: icon(PencilIcon),
          to: paths.editProfile,
        },
        {
          label: 'Change Email',
          description: me.data?.pendingEmail
            ? `Waiting for the link sent to ${me.data.pendingEmail}`
            : 'Your university address, which sets your school',
          icon: icon(MailIcon),
          onClick: () => setModal('email'),
        },
        {
          label: 'Notifications',
          description: 'Push on this browser, what to send, quiet hours',
          icon: icon(BellIcon),
          onClick: () => setModal('notifications'),
        },
        // The switch the Terms screen promises (issue 17).
        { label: 'Marketing Emails', description: '', icon: null, custom: <MarketingEmailsSwitch /> },
        {
          label: 'Resource Hub',
          description: 'Guides, checklists and a cost calculator',
          icon: icon(BookIcon),
          to: paths.resources,
        },
        {
          label: 'Feature Requests',
          description: 'Suggest an idea or vote for one',
          icon: icon(LightbulbIcon),
          onClick: () => setModal('feature-requests'),
        },
        {
          label: 'Manage Subscription',
          description: 'Your plan, billing and purchases',
          icon: icon(CreditCardIcon),
          to: paths.manageSubscription,
        },
        {
          label: 'Sign Out',
          description: me.data ? `Signed in as ${me.data.email}` : 'End this session',
          icon: icon(LogOutIcon),
          onClick: () => setModal('sign-out'),
          danger: true,
        },
      ],
    },
    {
      id: 'safety',
      title: 'Safety and Privacy',
      rows: [
        {
          label: 'Blocked Users',
          description: "People who can't see or message you",
          icon: icon(BanIcon),
          to: paths.blockedUsers,
        },
        {
          label: 'Emergency Contact',
          description: 'Who to reach if something goes wrong',
          icon: icon(PhoneIcon),
          to: paths.emergencyContact,
        },
        {
          label: 'Safety Tips',
          description: 'Meeting roommates and avoiding scams',
          icon: icon(ShieldIcon),
          to: paths.safetyTips,
        },
      ],
    },
    {
      id: 'legal',
      title: 'Legal and Compliance',
      rows: [
        {
          label: 'Terms of Service',
          description: 'The rules of using Nestmate',
          icon: icon(FileTextIcon),
          to: paths.termsOfService,
        },
        {
          label: 'Privacy Policy',
          description: 'What we collect and why',
          icon: icon(LockIcon),
          to: paths.privacyPolicy,
        },
        {
          label: 'Acceptable Use Policy',
          description: 'What is and isn’t allowed',
          icon: icon(FileTextIcon),
          to: paths.acceptableUsePolicy,
        },
        {
          label: 'Security Center',
          description: 'Report a security incident',
          icon: icon(ShieldIcon),
          to: paths.securityCenter,
        },
        {
          label: 'Cookie Preferences',
          description: 'Choose which cookies we may use',
          icon: icon(CookieIcon),
          onClick: openCookiePreferences,
        },
        {
          label: 'Data Management',
          description: 'Export your data or delete your account',
          icon: icon(DatabaseIcon),
          onClick: () => setModal('data'),
        },
        {
          label: 'Community Guidelines',
          description: 'How we treat each other',
          icon: icon(UserIcon),
          to: paths.communityGuidelines,
        },
        {
          label: 'Accessibility Statement',
          description: 'Our commitment and how to reach us',
          icon: icon(AccessibilityIcon),
          to: paths.accessibilityStatement,
        },
      ],
    },
  ];

  const close = (open: boolean) => !open && setModal(null);
  return (
    <PageShell title="Settings" width="wide" back={{ to: paths.home, label: 'Home' }}>
      <div className="flex flex-col gap-8 md:grid md:grid-cols-2 md:items-start md:gap-6">
        {groups.map((group) => (
          <section
            key={group.id}
            aria-labelledby={`settings-${group.id}`}
            // Legal comes last, after the hidden words below Safety and Privacy.
            className={cn('flex flex-col gap-2', group.id === 'legal' && 'order-last md:col-span-2')}
          >
            <h2 id={`settings-${group.id}`} className="px-1 text-sm font-bold tracking-wide text-ink-600 uppercase">
              {group.title}
            </h2>
            <ul
              className={cn(
                'overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/70',
                group.id === 'legal' && 'md:grid md:grid-cols-2',
              )}
            >
              {group.rows.map((row) => (
                <li
                  key={row.label}
                  className="border-b border-ink-200/70 last:border-b-0 md:[&:nth-last-child(2):nth-child(odd)]:border-b-0"
                >
                  <SettingsRow row={row} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <HiddenWordsSection className="md:col-span-2" />
      </div>

      <FeatureRequestsDialog open={modal === 'feature-requests'} onOpenChange={close} />
      <DataManagementDialog
        open={modal === 'data'}
        onOpenChange={close}
        onAccountDeleted={() => void afterDeletion()}
      />
      <SignOutDialog open={modal === 'sign-out'} onOpenChange={close} />
      <NotificationSettingsDialog open={modal === 'notifications'} onOpenChange={close} />
      {me.data && (
        <ChangeEmailDialog
          open={modal === 'email'}
          onOpenChange={close}
          currentEmail={me.data.email}
          pendingEmail={me.data.pendingEmail}
          onRequested={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
        />
      )}
    </PageShell>
  );
}

/**
 * The address-change link lands here (issue 16 §1): `email_changed=1` or `email_change_error=1`.
 * The result is told once, the account refreshed (new address and school) and the query removed.
 */
function useEmailChangeOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const changed = params.get('email_changed') === '1';
  const failed = params.get('email_change_error') === '1';
  useEffect(() => {
    if (!changed && !failed) return;
    if (changed) {
      toast.success('Your address is changed', { description: 'Your school now comes from your new address.' });
      void queryClient.invalidateQueries();
    } else {
      toast.error('This link is invalid or has expired.', {
        description: 'Ask for a new one from Change Email. Your address stays as it was.',
      });
    }
    setParams({}, { replace: true });
  }, [changed, failed, queryClient, setParams]);
}

const rowClasses =
  'flex w-full items-center gap-3 px-4 py-3.5 text-left hover:bg-ink-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600';

function SettingsRow({ row }: { row: Row }) {
  if ('custom' in row) return row.custom;
  const danger = 'onClick' in row && row.danger;
  const content = (
    <>
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          danger ? 'bg-danger-50 text-danger-700' : 'bg-brand-50 text-brand-700',
        )}
      >
        {row.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block font-semibold', danger ? 'text-danger-700' : 'text-ink-900')}>{row.label}</span>
        <span className="block text-sm break-words text-ink-600">{row.description}</span>
      </span>
      <ChevronRightIcon className="size-5 shrink-0 text-ink-500" />
    </>
  );
  return 'to' in row ? (
    <Link to={row.to} className={rowClasses}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={row.onClick} className={rowClasses}>
      {content}
    </button>
  );
}

/**
 * Leaves for the landing page first, then forgets the previous user's data: cleared while still on
 * a session page, the session guard would send the visitor to /sign-in instead.
 */
function leaveSession(queryClient: QueryClient, navigate: NavigateFunction) {
  // flushSync: the landing page must be rendered before the session guard sees the user leave
  // (the router commits navigations synchronously, N172).
  flushSync(() => navigate('/', { replace: true }));
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
}

function SignOutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const signOutNow = useMutation({ mutationFn: signOut });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title="Sign out?" description="You'll need to sign in again to see your matches and messages.">
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={signOutNow.isPending}
              onClick={() =>
                signOutNow.mutate(undefined, {
                  onSuccess: () => leaveSession(queryClient, navigate),
                  onError: () => toast.error('Failed to sign out. Please try again.'),
                })
              }
            >
              <LogOutIcon className="size-4" /> Sign Out
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
