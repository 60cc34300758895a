import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meQueryKey } from '../../features/auth/api/get-me';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { ProfileSetup } from '../../features/home/components/profile-setup';
import { ProfileWizard } from '../../features/profiles/components/profile-wizard';

/**
 * Signed in without a profile (001 §2 `/`): the welcome, then the completion wizard. Completing
 * it refreshes the session, so `me.hasProfile` turns true and `/` shows the main app (001 §4).
 */
export function SetupScreen({ email }: { email: string }) {
  // Here, not in HomeRoute: the button and its icons stay out of the landing page's first load (N174).
  const headerActions = <SignOutButton compact />;
  const [started, setStarted] = useState(false);
  const queryClient = useQueryClient();
  if (!started) return <ProfileSetup email={email} headerActions={headerActions} onStart={() => setStarted(true)} />;
  return (
    <ProfileWizard
      headerActions={headerActions}
      onExit={() => setStarted(false)}
      onCompleted={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}
