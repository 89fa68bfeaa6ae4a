/**
 * `/login`: e-mail and password, or a passkey. Every refusal is shown as the API words it (spec 4
 * section 8: 'Invalid password!', 'Email or password is incorrect!', ...). After sign-in the user
 * goes back where they were (`redirectTo`), else to their brand or the brand picker.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field, FormError } from '../../components/ui/field.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { useLogin } from '../../features/auth/api/login.ts';
import { usePasskeyLogin } from '../../features/auth/api/passkey-login.ts';
import { passkeysSupported } from '../../features/auth/api/webauthn.ts';
import type { Session } from '../../lib/api-client.ts';
import { homeOf, safeReturnPath } from '../../lib/session.ts';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const passkey = usePasskeyLogin();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  // While the user types, fetch the pages that come next so the figures draw sooner after sign-in.
  useEffect(() => {
    void import('./brand-shell.tsx');
    void import('./home.tsx');
  }, []);

  const done = (session: Session) =>
    navigate(safeReturnPath(params.get('redirectTo')) ?? homeOf(session), { replace: true });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    passkey.reset();
    setMissing(email.trim() ? null : 'Enter your e-mail.');
    if (!email.trim()) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: done });
  };

  const onPasskey = () => {
    login.reset();
    setMissing(email.trim() ? null : 'Enter your e-mail, then choose "Sign in with a passkey".');
    if (!email.trim()) return;
    passkey.mutate({ email: email.trim() }, { onSuccess: done });
  };

  const busy = login.isPending || passkey.isPending;
  const error = missing ?? login.error?.message ?? passkey.error?.message;
  const reason = params.get('reason');

  return (
    <AuthCard title="Sign in">
      {reason === 'password-reset' ? (
        <p className="form-ok">Your password has been reset; sign in with the new one.</p>
      ) : null}
      {reason === 'account-ready' ? <p className="form-ok">Your account is ready; sign in.</p> : null}
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username webauthn"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {passkeysSupported() ? (
        <button type="button" className="button button-wide" onClick={onPasskey} disabled={busy}>
          {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </button>
      ) : null}
      <p className="auth-links">
        <Link to={email ? `/forgot?email=${encodeURIComponent(email)}` : '/forgot'}>Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
