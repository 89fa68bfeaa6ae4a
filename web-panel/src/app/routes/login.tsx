/**
 * `/login`: e-mail and password (every refusal shown as the API words it), or a passkey. After
 * sign-in the user goes back where they were (`redirectTo`), else to their brand or the picker.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field, FormError } from '../../components/ui/field.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { useLogin } from '../../features/auth/api/login.ts';
import { homeOf, safeReturnPath } from '../../lib/session.ts';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (session) =>
          navigate(safeReturnPath(params.get('redirectTo')) ?? homeOf(session), { replace: true }),
      },
    );
  };

  return (
    <AuthCard title="Sign in">
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
        <FormError message={login.error?.message} />
        <button type="submit" className="button button-primary" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/forgot">Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
