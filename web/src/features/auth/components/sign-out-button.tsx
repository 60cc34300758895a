import { useNavigate } from 'react-router-dom';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { LogOutIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useSignOut } from '../api/sign-out';

/** Ends the session on the server, forgets the cached data and returns to the landing page. */
type SignOutButtonProps = { variant?: ButtonVariant; className?: string; compact?: boolean };

export function SignOutButton({ variant = 'ghost', className, compact = false }: SignOutButtonProps) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => navigate('/', { replace: true }),
          onError: () => toast.error('Failed to sign out. Please try again.'),
        })
      }
    >
      <LogOutIcon className="size-4" />
      {/* Icon-only on small phones; the name stays available to assistive tech. */}
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>Sign Out</span>
    </Button>
  );
}
