import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout } from '../../../components/ui/auth-layout';
import { LockIcon } from '../../../components/ui/icons';
import { NewPasswordForm } from '../components/new-password-form';

/** /reset-password?token=… — the page the reset e-mail links to. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  return (
    <AuthLayout
      title="Choose a new password"
      icon={<LockIcon className="size-7" />}
      footer={
        <Link to="/sign-in" className="font-semibold text-brand-700 underline">
          Back to sign in
        </Link>
      }
    >
      {token ? (
        <NewPasswordForm
          token={token}
          onReset={() => navigate('/sign-in', { replace: true, state: { notice: 'password-reset' } })}
        />
      ) : (
        <Alert variant="destructive">
          <p>{ACCOUNT_MESSAGES.invalidToken}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-semibold underline">
            Request a new link
          </Link>
        </Alert>
      )}
    </AuthLayout>
  );
}
