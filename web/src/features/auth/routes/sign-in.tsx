import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout } from '../../../components/ui/auth-layout';
import { SignInForm } from '../components/sign-in-form';

type SignInState = { from?: string; notice?: 'confirmed' | 'password-reset' } | null;

const notices = {
  confirmed: 'Your email is confirmed. Sign in to finish setting up your account.',
  'password-reset': 'Your password has been updated. Sign in with your new password.',
};

export function SignInRoute() {
  const navigate = useNavigate();
  const state = useLocation().state as SignInState;
  const notice = state?.notice ? notices[state.notice] : null;
  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to keep finding your roommate."
      footer={
        <>
          New to Nestmate?{' '}
          <Link to="/sign-up" className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      {notice && (
        <Alert variant="success" className="mb-5">
          {notice}
        </Alert>
      )}
      <SignInForm onSignedIn={() => navigate(state?.from ?? '/', { replace: true })} />
    </AuthLayout>
  );
}
