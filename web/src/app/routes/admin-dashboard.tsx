import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkButton } from '../../components/ui/button';
import { CameraIcon, ChartBarIcon, ChevronLeftIcon, FlagIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { useAdminAccess } from '../../features/admin/api/admin-access';
import { ADMIN_TEXT } from '../../features/admin/api/admin-keys';
import { AnalyticsTab } from '../../features/admin/components/analytics-tab';
import { ModerationTab } from '../../features/admin/components/moderation-tab';
import { ReportsTab } from '../../features/admin/components/reports-tab';
import { StatCards } from '../../features/admin/components/stat-cards';
import { UsersTab } from '../../features/admin/components/users-tab';
import { VerificationTab } from '../../features/admin/components/verification-tab';
import { useMe } from '../../features/auth/api/get-me';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /admin (001 §2, §4 Admin access): checking, then granted or denied. The server decides (D27);
 * without a session or admin rights the visitor gets "Access Denied" and goes to /.
 */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  const navigate = useNavigate();
  const me = useMe();
  const access = useAdminAccess(Boolean(me.data));
  const denied = (me.isSuccess && me.data === null) || access.data === 'denied';
  const failed = me.isError || access.isError;

  useEffect(() => {
    if (denied) {
      // A fixed id: StrictMode's second effect run must not stack a second toast.
      toast.error(ADMIN_TEXT.deniedTitle, { id: 'admin-access-denied', description: ADMIN_TEXT.deniedDetail });
      navigate('/', { replace: true });
    } else if (failed) {
      toast.error("We couldn't check your admin access. Please try again.", { id: 'admin-access-failed' });
      navigate('/', { replace: true });
    }
  }, [denied, failed, navigate]);

  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <header className="sticky top-0 z-20 border-b border-ink-200/70 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-page">
          <div className="flex items-center gap-2">
            <Logo className="text-lg" />
            <span className="hidden rounded-pill bg-ink-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase min-[400px]:inline">
              Admin
            </span>
          </div>
          <LinkButton to="/" variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            Back to App
          </LinkButton>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-page py-6 outline-none md:py-10">
        <div className="flex items-center gap-3">
          <span className="hidden size-11 items-center justify-center rounded-full bg-brand-100 text-brand-800 sm:flex">
            <ShieldIcon className="size-6" />
          </span>
          <div>
            <h1 className="text-title text-ink-900">Admin Dashboard</h1>
            <p className="text-sm text-ink-600">Reports, moderation, accounts and activity.</p>
          </div>
        </div>
        {access.data === 'granted' ? (
          <Dashboard />
        ) : (
          <div className="flex items-center gap-3 py-16 text-brand-700">
            <Spinner label={null} />
            <p role="status" className="font-medium text-ink-600">
              Checking admin access…
            </p>
          </div>
        )}
      </main>
    </div>
  );
}

const TABS = [
  { value: 'reports', label: 'User Reports', icon: FlagIcon },
  { value: 'moderation', label: 'Content Moderation', icon: ShieldIcon },
  { value: 'verification', label: 'Photo Verification', icon: CameraIcon },
  { value: 'users', label: 'User Management', icon: UserIcon },
  { value: 'analytics', label: 'Analytics', icon: ChartBarIcon },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function Dashboard() {
  const [tab, setTab] = useState<TabValue>('reports');
  return (
    <div className="mt-6 flex flex-col gap-8">
      <StatCards />
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)}>
        {/* Two columns on phones (an odd last tab takes the whole row); one row from tablet width up.
            `max-md:` so the phone corners win over the list's and triggers' pill shape. */}
        <TabsList aria-label="Admin sections" className="grid grid-cols-2 max-md:rounded-card md:flex">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="h-auto min-h-11 whitespace-normal px-2 text-center leading-tight max-md:rounded-field max-md:last:odd:col-span-2"
            >
              <Icon className="hidden size-4 sm:block" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationTab />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
