/** `/forgot`: mails a reset link. The answer is the same whether or not the e-mail has an account. */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field, FormError } from '../../components/ui/field.tsx';
import { useForgotPassword } from '../../features/auth/api/recovery.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';

export default function ForgotPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) forgot.mutate({ email: email.trim() });
  };

  return (
    <AuthCard title="Reset your password">
      {forgot.isSuccess ? (
        <p className="form-ok" role="status">
          {forgot.data.message}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="muted">We will e-mail you a link to choose a new password.</p>
          <Field
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormError message={forgot.error?.message} />
          <button type="submit" className="button button-primary" disabled={forgot.isPending || !email.trim()}>
            {forgot.isPending ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to="/login">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
