/** `/reset?token=`: the page of the mailed reset link; then sign-in with the new password. */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../features/auth/api/recovery.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';

export default function ResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();

  if (!token)
    return (
      <AuthCard title="Choose a new password">
        <p className="form-error" role="alert">
          Invalid token
        </p>
        <Link to="/forgot">Ask for a new link</Link>
      </AuthCard>
    );

  return (
    <AuthCard title="Choose a new password">
      <NewPasswordForm
        submitLabel="Save the password"
        busy={reset.isPending}
        error={reset.error?.message}
        onSubmit={(password, confirm) =>
          reset.mutate(
            { token, password, confirm_password: confirm },
            {
              onSuccess: (answer) =>
                navigate(`/login?reason=password-reset&email=${encodeURIComponent(answer.email)}`, { replace: true }),
            },
          )
        }
      />
      <p className="auth-links">
        <Link to="/forgot">Ask for a new link</Link>
      </p>
    </AuthCard>
  );
}
