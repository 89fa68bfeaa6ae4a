/**
 * Steps 3 and 4: register (once nothing is missing), then the registration's state in words with
 * what happens next and how long it usually takes; a rejected campaign's reasons with the appeal
 * form; a stop with its cause and a way to start again.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppeal } from '../api/appeal.ts';
import { useRegister } from '../api/register.ts';
import { useRetry } from '../api/retry.ts';
import type { RegistrationView } from '../api/types.ts';
import { COMPANY_GROUPS, registrationInWords, REJECTED, stopReasons } from './words.ts';

/** The form's labels of the fields registration still needs, so the reason names them before any is touched. */
const missingLabels = (paths: string[]): string => {
  const labels = new Map(COMPANY_GROUPS.flatMap((g) => g.fields.map((f) => [f.path, f.label] as const)));
  return paths.map((path) => labels.get(path) ?? path).join(', ');
};

type Can = { allowed: boolean; reason: string | null };

export function RegisterStep({ brand, view, can }: { brand: Brand; view: RegistrationView; can: Can }) {
  const register = useRegister(brand.id);
  const missing = view.missing_fields.length;
  const blocker = !view.server_ready
    ? 'Texting registration is not set up on this Reclaim server yet: contact Reclaim support.'
    : missing > 0
      ? `Fill in ${missing === 1 ? 'this company detail' : `these ${missing} company details`} first: ${missingLabels(view.missing_fields)}.`
      : !can.allowed
        ? can.reason
        : null;
  if (view.registration) return <p>Registration started. Its progress is at the top of this page.</p>;
  return (
    <>
      <p>
        Reclaim sends your company details to the registry, then your campaign (cart reminders and replies) to the
        carriers. Your pages are checked again first: a page without the consent language stops the registration here,
        before a carrier sees it.
      </p>
      <button
        className="button button-primary"
        type="button"
        disabled={Boolean(blocker) || register.isPending}
        onClick={() => register.mutate()}
      >
        {register.isPending ? 'Registering…' : 'Register my texting number'}
      </button>
      {blocker ? <p className="muted">{blocker}</p> : null}
      <FormError message={register.error?.message} />
    </>
  );
}

function AppealForm({ brandId, can }: { brandId: number; can: Can }) {
  const [reason, setReason] = useState('');
  const appeal = useAppeal(brandId);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate(reason);
  };
  return (
    <form onSubmit={submit} aria-label="Appeal the rejection">
      <div className="field">
        <label htmlFor={id}>What did you fix?</label>
        <textarea
          id={id}
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          disabled={!can.allowed}
          aria-describedby={`${id}-hint`}
        />
        <small id={`${id}-hint`} className="muted">
          The carriers read this with your campaign, e.g. “We added ‘Reply STOP to cancel’ to our terms page.”
        </small>
      </div>
      <button className="button button-primary" type="submit" disabled={!can.allowed || appeal.isPending}>
        {appeal.isPending ? 'Sending…' : 'Send the appeal'}
      </button>
      {!can.allowed && can.reason ? <p className="muted">{can.reason}</p> : null}
      <FormError message={appeal.error?.message} />
    </form>
  );
}

export function RegistrationState({ brand, view, can }: { brand: Brand; view: RegistrationView; can: Can }) {
  const r = view.registration;
  const words = registrationInWords(r);
  const retry = useRetry(brand.id);
  const reasons = r?.state === 'manual_intervention' ? stopReasons(r.last_error) : [];
  const tone = { good: 'health-good', bad: 'health-bad', wait: '', none: '' }[words.tone];
  return (
    <div data-testid="registration-state">
      <p className="status-line">
        <strong className={tone}>
          {words.tone === 'good' ? '✓ ' : words.tone === 'bad' ? '! ' : ''}
          {words.label}
        </strong>
        {r?.since ? <span className="muted">since {formatDateTime(r.since, brand)}</span> : null}
      </p>
      <p>{words.next}</p>
      {words.usually ? <p>This usually takes {words.usually}.</p> : null}
      {r?.phone_number ? <p>Your number: {r.phone_number}</p> : null}
      {r?.appealed_at && r.state === 'campaign_approval_pending' ? (
        <p>You appealed on {formatDateTime(r.appealed_at, brand)}.</p>
      ) : null}
      {reasons.length > 0 ? (
        <>
          <h3>{words === REJECTED ? 'What the carriers said' : 'What stopped it'}</h3>
          <ul className="rule-lines stop-reasons" data-testid="stop-reasons">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
      {words === REJECTED ? <AppealForm brandId={brand.id} can={can} /> : null}
      {r?.state === 'manual_intervention' ? (
        <p>
          <button
            className="button"
            type="button"
            disabled={!can.allowed || retry.isPending}
            onClick={() => retry.mutate()}
          >
            {words === REJECTED ? 'Submit the campaign again' : 'Start again'}
          </button>
        </p>
      ) : null}
      <FormError message={retry.error?.message} />
    </div>
  );
}
