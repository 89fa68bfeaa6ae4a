/**
 * `/account` (Account → Security): change the password (the current one asked; the reset's rules
 * and messages), the passkeys (add one with this device, remove one after a confirmation), and
 * the sessions (one per sign-in, this one marked) with signing out every other one. Times in this
 * browser's time zone, labelled.
 */
import { useState } from 'react';
import { Field, FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useChangePassword } from '../../features/auth/api/change-password.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, type Passkey } from '../../features/auth/api/passkeys.ts';
import { useSessions, useSignOutOthers } from '../../features/auth/api/sessions.ts';
import { passkeysSupported } from '../../features/auth/api/webauthn.ts';
import '../../features/auth/components/account.css';
import { NewPasswordForm } from '../../features/auth/components/new-password-form.tsx';
import { deviceInWords, formatDateTime, timezoneLabel } from '../../lib/format.ts';
import { Shell } from '../shell.tsx';

const here = { locale: 'en-US', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
const APP_WORDS = { brand: 'the brand panel', admin: 'the partner and staff app' } as const;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function AccountPage() {
  return (
    <Shell>
      <PageHeader title="Account security" />
      <p className="muted">Times in {timezoneLabel(here.timezone)}, this browser’s time zone.</p>
      <PasswordCard />
      <PasskeysCard />
      <SessionsCard />
    </Shell>
  );
}

function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [formKey, setFormKey] = useState(0);
  return (
    <section className="card section" aria-labelledby="password">
      <h2 id="password">Password</h2>
      <p className="muted">At least 8 characters. Changing it signs you out everywhere else.</p>
      {change.data ? (
        <p role="status" className="health-good" data-testid="password-changed">
          Your password is changed.{' '}
          {change.data.signed_out
            ? `${plural(change.data.signed_out, 'other session was', 'other sessions were')} signed out.`
            : ''}
        </p>
      ) : null}
      <NewPasswordForm
        key={formKey}
        submitLabel="Change password"
        busy={change.isPending}
        error={change.error?.message}
        onSubmit={(password, confirm) =>
          change.mutate(
            { current_password: current, password, confirm_password: confirm },
            {
              onSuccess: () => {
                setCurrent('');
                setFormKey((k) => k + 1);
              },
            },
          )
        }
      >
        <Field
          label="Current password"
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </NewPasswordForm>
    </section>
  );
}

function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();
  return (
    <section className="card section" aria-labelledby="passkeys">
      <h2 id="passkeys">Passkeys</h2>
      <p className="muted">
        A passkey signs you in with this device’s screen lock or a security key, without a password.
      </p>
      <StatePanel
        loading={passkeys.isPending}
        error={passkeys.error}
        onRetry={() => void passkeys.refetch()}
        empty={passkeys.data?.passkeys.length === 0}
        emptyMessage="No passkey yet."
        label="your passkeys"
      >
        <ul className="plain-list" data-testid="passkeys">
          {passkeys.data?.passkeys.map((p) => (
            <li key={p.id} className="list-row">
              <span>
                <strong>{p.name}</strong>
                <br />
                <small className="muted">
                  Added {formatDateTime(p.created_at, here)}
                  {p.last_used_at ? `; last used ${formatDateTime(p.last_used_at, here)}` : '; never used yet'}
                </small>
              </span>
              <button type="button" className="button" onClick={() => setRemoving(p)}>
                Remove {p.name}…
              </button>
            </li>
          ))}
        </ul>
      </StatePanel>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <Field
          label="Name of the new passkey"
          hint="So you can tell them apart, e.g. “Work laptop”."
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!supported || add.isPending}>
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </button>
      </form>
      {!supported ? <p className="muted">This browser cannot make passkeys.</p> : null}
      {add.isSuccess ? (
        <p role="status" className="health-good">
          Passkey “{add.data.name}” added: you can sign in with it now.
        </p>
      ) : null}
      <FormError message={add.error?.message} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'this passkey'}?`}
        confirmLabel="Remove passkey"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <p>You will no longer sign in with it. Your password and other passkeys keep working.</p>
      </ConfirmDialog>
    </section>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const others = useSignOutOthers();
  const count = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <section className="card section" aria-labelledby="sessions">
      <h2 id="sessions">Where you are signed in</h2>
      <StatePanel
        loading={sessions.isPending}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        label="your sessions"
      >
        <ul className="plain-list" data-testid="sessions">
          {sessions.data?.sessions.map((s) => (
            <li key={s.id} className="list-row">
              <span>
                <strong>{deviceInWords(s.user_agent)}</strong> <span className="muted">({APP_WORDS[s.app]})</span>
                {s.current ? <span className="badge">This browser</span> : null}
                <br />
                <small className="muted">
                  Signed in {formatDateTime(s.started_at, here)}; last active {formatDateTime(s.last_active_at, here)}
                </small>
              </span>
            </li>
          ))}
        </ul>
      </StatePanel>
      <p>
        <button
          type="button"
          className="button"
          disabled={count === 0 || others.isPending}
          onClick={() => others.mutate()}
        >
          {count === 0 ? 'No other session' : `Sign out the ${plural(count, 'other session', 'other sessions')}`}
        </button>
      </p>
      {others.data ? (
        <p role="status" className="health-good" data-testid="signed-out-others">
          {plural(others.data.signed_out, 'other session', 'other sessions')} signed out.
        </p>
      ) : null}
      <FormError message={others.error?.message} />
    </section>
  );
}
