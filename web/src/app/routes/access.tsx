import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/spinner';
import { useMe } from '../../features/auth/api/get-me';

/** Session pages: signed-out visitors go to /sign-in and come back after signing in. */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** Sign-up, sign-in and forgot-password are for signed-out visitors; signed-in users go on. */
export function GuestOnly() {
  const me = useMe();
  const state = useLocation().state as { from?: string } | null;
  if (me.isPending) return <LoadingScreen />;
  if (me.data) return <Navigate to={state?.from ?? '/'} replace />;
  return <Outlet />;
}
