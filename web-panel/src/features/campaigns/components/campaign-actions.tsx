/**
 * A campaign's actions while it can still change: send a test to a typed +1 number (not counted),
 * schedule or reschedule it in the brand's time zone (or now) and cancel it, each after a
 * confirmation. Members see Schedule and Cancel disabled with the reason.
 */
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime, formatNumber, timezoneLabel } from '../../../lib/format.ts';
import { useCancelCampaign, useScheduleCampaign, useTestCampaign } from '../api/campaign-actions.ts';
import { useCampaignPermissions } from '../api/get-campaign-permissions.ts';
import type { Campaign } from '../api/types.ts';

export function CampaignActions({
  brand,
  campaign,
  open,
  reachable,
  onDone: setDone,
}: {
  brand: Brand;
  campaign: Campaign;
  open: boolean;
  /** How many of the segment's shoppers can be texted now (the segments' preview, from the page). */
  reachable: number | undefined;
  onDone(message: string): void;
}) {
  const id = useId();
  const permissions = useCampaignPermissions(brand.id);
  const admin = permissions.data?.role === 'admin';
  const reason = permissions.data?.reason ?? null;
  const test = useTestCampaign(brand.id, campaign.id);
  const schedule = useScheduleCampaign(brand.id, campaign.id);
  const cancel = useCancelCampaign(brand.id, campaign.id);
  const [phone, setPhone] = useState('');
  const [when, setWhen] = useState<'now' | 'at'>('at');
  const [at, setAt] = useState('');
  const [asking, setAsking] = useState<'schedule' | 'cancel' | null>(null);
  const zone = timezoneLabel(brand.timezone);
  const pastWarning =
    schedule.error instanceof ApiError && schedule.error.code === 'confirmation_required'
      ? schedule.error.message
      : null;
  const scheduled = campaign.progress.state === 'scheduled';
  const whenWords = when === 'now' ? 'now' : at ? `${at.replace('T', ' ')} (${zone})` : '';

  const testResult = test.data
    ? test.data.status === 'sent'
      ? 'Test sent. It is marked as a test and not counted in this campaign.'
      : test.data.status === 'agent_skipped'
        ? `Test not sent: ${test.data.reason ?? 'skipped by the send rules'}.`
        : `Test waiting: ${test.data.reason?.replaceAll('_', ' ') ?? 'held by the send rules'}. It goes out when the send rules allow.`
    : null;

  return (
    <section className="section card" aria-labelledby={`${id}-actions`}>
      <h2 id={`${id}-actions`}>Test, schedule, cancel</h2>
      <div className="campaign-actions">
        {open ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              test.mutate(phone);
            }}
          >
            <h3>Send a test</h3>
            <div className="field">
              <label htmlFor={`${id}-phone`}>Your +1 number</label>
              <input
                id={`${id}-phone`}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+1 415 555 0123"
                aria-describedby={`${id}-phone-hint`}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
              <small id={`${id}-phone-hint`} className="muted">
                A number subscribed to {brand.name}. The text goes through the same send rules (quiet hours, opt-out),
                with sample values where a shopper’s would be.
              </small>
            </div>
            <FormError message={test.error ? errorMessage(test.error) : null} />
            {testResult ? (
              <p className="form-ok" role="status">
                {testResult}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={test.isPending || !phone.trim()}>
              {test.isPending ? 'Sending…' : 'Send test'}
            </button>
          </form>
        ) : null}
        {open ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              schedule.reset();
              setAsking('schedule');
            }}
          >
            <h3>{scheduled ? 'Reschedule' : 'Schedule'}</h3>
            <fieldset className="plain">
              <legend className="visually-hidden">When it sends</legend>
              <label className="check">
                <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} /> Now
              </label>{' '}
              <label className="check">
                <input type="radio" name={`${id}-when`} checked={when === 'at'} onChange={() => setWhen('at')} /> At a
                time
              </label>
            </fieldset>
            {when === 'at' ? (
              <div className="field">
                <label htmlFor={`${id}-at`}>Send at ({zone}, the brand’s time zone)</label>
                <input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
              </div>
            ) : null}
            {!admin && reason ? <p className="muted">{reason}</p> : null}
            <button type="submit" className="button button-primary" disabled={!admin || (when === 'at' && !at)}>
              {scheduled ? 'Reschedule…' : 'Schedule…'}
            </button>
          </form>
        ) : null}
        <div>
          <h3>Cancel</h3>
          <p className="muted">
            {campaign.progress.state === 'sending'
              ? 'Stops the send: nothing more goes out.'
              : 'It will not be sent. This cannot be undone.'}
          </p>
          {!admin && reason ? <p className="muted">{reason}</p> : null}
          <button
            type="button"
            className="button"
            disabled={!admin}
            onClick={() => {
              cancel.reset();
              setAsking('cancel');
            }}
          >
            Cancel campaign…
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking === 'schedule'}
        title={`${scheduled ? 'Reschedule' : 'Schedule'} “${campaign.name}”?`}
        confirmLabel={pastWarning ? 'Schedule anyway' : scheduled ? 'Reschedule' : 'Schedule'}
        busy={schedule.isPending}
        error={schedule.error && !pastWarning ? errorMessage(schedule.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          schedule.mutate(
            { at: when === 'now' ? 'now' : at, confirm_past: pastWarning ? true : undefined },
            {
              onSuccess: (c) => {
                setAsking(null);
                setDone(
                  c.progress.scheduled_for
                    ? `Scheduled for ${formatDateTime(c.progress.scheduled_for, brand)}.`
                    : 'Scheduled.',
                );
              },
            },
          )
        }
      >
        <p>
          It sends {whenWords || 'at the time you chose'}
          {reachable !== undefined
            ? ` to the ${formatNumber(reachable, brand)} shoppers of “${campaign.segment?.name}” who can be texted now`
            : ''}
          ; the audience is taken when it starts. Each text waits for the shopper’s 8:00–21:00 window.
        </p>
        {pastWarning ? (
          <p className="form-error" role="alert">
            {pastWarning}
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'cancel'}
        title={`Cancel “${campaign.name}”?`}
        confirmLabel="Cancel campaign"
        busy={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          // mutateAsync: the answer arrives after the page has moved on (the actions close on a cancel).
          void cancel
            .mutateAsync()
            .then((answer) => {
              setAsking(null);
              setDone(
                `Cancelled. ${formatNumber(answer.skipped_messages, brand)} texts that had not gone out will not be sent.`,
              );
            })
            .catch(() => undefined)
        }
      >
        <p>Nothing more of this campaign goes out; texts already sent stay sent. It cannot be scheduled again.</p>
      </ConfirmDialog>
    </section>
  );
}
