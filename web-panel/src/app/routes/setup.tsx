/** `/setup?token=`: accept an invitation: who it is for, names, password; then sign-in. */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../components/ui/field.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useInvite, useSetupAccount } from '../../features/auth/api/recovery.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';

export default function SetupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const invite = useInvite(token);
  const setup = useSetupAccount();
  const [given, setGiven] = useState<string | null>(null);
  const [family, setFamily] = useState<string | null>(null);

  return (
    <AuthCard title="Set up your account">
      {!token ? (
        <p className="form-error" role="alert">
          Invalid account token
        </p>
      ) : (
        <StatePanel loading={invite.isPending} error={invite.error} label="your invitation">
          {invite.data ? (
            <NewPasswordForm
              submitLabel="Create my account"
              busy={setup.isPending}
              error={setup.error?.message}
              onSubmit={(password, confirm) =>
                setup.mutate(
                  {
                    token,
                    password,
                    confirm_password: confirm,
                    given_name: (given ?? invite.data.given_name ?? '') || undefined,
                    family_name: (family ?? invite.data.family_name ?? '') || undefined,
                  },
                  {
                    onSuccess: (answer) =>
                      navigate(`/login?reason=account-ready&email=${encodeURIComponent(answer.email)}`, {
                        replace: true,
                      }),
                  },
                )
              }
            >
              <p>
                For <strong>{invite.data.email}</strong>
              </p>
              <Field
                label="First name"
                name="given_name"
                autoComplete="given-name"
                value={given ?? invite.data.given_name ?? ''}
                onChange={(e) => setGiven(e.target.value)}
              />
              <Field
                label="Last name"
                name="family_name"
                autoComplete="family-name"
                value={family ?? invite.data.family_name ?? ''}
                onChange={(e) => setFamily(e.target.value)}
              />
            </NewPasswordForm>
          ) : null}
        </StatePanel>
      )}
      <p className="auth-links">
        <Link to="/login">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
