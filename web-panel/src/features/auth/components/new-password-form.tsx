/** The two password fields of reset and account setup; the server's message on refusal. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, FormError } from '../../../components/ui/field.tsx';

export interface NewPasswordFormProps {
  submitLabel: string;
  busy: boolean;
  error: string | null | undefined;
  onSubmit(password: string, confirm: string): void;
  children?: ReactNode;
}

export function NewPasswordForm({ submitLabel, busy, error, onSubmit, children }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password, confirm);
  };
  return (
    <form onSubmit={submit} noValidate>
      {children}
      <Field
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Repeat the password"
        type="password"
        name="confirm_password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
