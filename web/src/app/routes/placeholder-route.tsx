import { Button } from '../../components/ui/button';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useMe } from '../../features/auth/api/get-me';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { openCookiePreferences } from '../../features/consent/api/cookie-preferences';
import type { PlaceholderDef } from '../routes';

const backLinks = {
  home: { to: '/', label: 'Home' },
  settings: { to: '/settings', label: 'Settings' },
  resources: { to: '/resources', label: 'Resource Hub' },
};

/** The shared stand-in for a page of a later issue. */
export function PlaceholderRoute({ page }: { page: PlaceholderDef }) {
  const me = useMe();
  // Static pages go back to /settings (001 §2), which only makes sense when signed in.
  const back =
    page.back === 'settings-or-home' ? (me.data ? backLinks.settings : backLinks.home) : backLinks[page.back];
  return (
    <PlaceholderPage title={page.title} description={page.description} back={back}>
      {page.path === '/settings' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={openCookiePreferences}>
            Cookie Preferences
          </Button>
          <SignOutButton variant="secondary" />
        </div>
      )}
    </PlaceholderPage>
  );
}
