/**
 * `/b/:brandId/campaigns/:campaignId`: one campaign. Its progress, whose numbers add up (targeted =
 * sent + held + waiting + left out by reason + failed), and what it brought (recovered orders and
 * sales, each order with its attribution evidence). While it has not started sending: change it,
 * send a test to a typed +1 number (not counted), schedule or reschedule it in the brand's time zone
 * (or now) and cancel it, each after a confirmation. Members see Schedule and Cancel disabled with
 * the reason.
 */
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import {
  useCancelCampaign,
  useScheduleCampaign,
  useTestCampaign,
} from '../../features/campaigns/api/campaign-actions.ts';
import { useCampaign } from '../../features/campaigns/api/get-campaign.ts';
import { useCampaignOrders } from '../../features/campaigns/api/get-campaign-orders.ts';
import { useCampaignPermissions } from '../../features/campaigns/api/get-campaign-permissions.ts';
import { useOrderAttribution } from '../../features/campaigns/api/get-order-attribution.ts';
import { useSaveCampaign } from '../../features/campaigns/api/save-campaign.ts';
import type { Campaign, RecoveredOrder } from '../../features/campaigns/api/types.ts';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail.tsx';
import { CampaignForm, fieldsOf, type CampaignDraft } from '../../features/campaigns/components/campaign-form.tsx';
import { STATE_LABELS } from '../../features/campaigns/components/campaign-table.tsx';
import '../../features/campaigns/components/campaigns.css';
import { useSegments } from '../../features/segments/api/get-segments.ts';
import { useSegmentPreview } from '../../features/segments/api/preview-segment.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { useComposerContext } from '../../lib/composer-context.ts';
import { formatDateTime, formatMoney, formatNumber, timezoneLabel } from '../../lib/format.ts';

export default function CampaignPage() {
  const brand = useBrand();
  const campaignId = Number(useParams().campaignId);
  const campaign = useCampaign(brand.id, campaignId);
  const c = campaign.data;
  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/campaigns`}>← All campaigns</Link>
      </p>
      <PageHeader title={c ? c.name : 'Campaign'}>
        {c ? (
          <span className={`pill campaign-state-${c.progress.state}`} data-testid="campaign-state">
            {STATE_LABELS[c.progress.state]}
          </span>
        ) : null}
      </PageHeader>
      <StatePanel
        loading={campaign.isPending}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        minHeight={300}
        label="the campaign"
      >
        {c ? <CampaignBody brand={brand} campaign={c} /> : null}
      </StatePanel>
    </>
  );
}

function CampaignBody({ brand, campaign }: { brand: Brand; campaign: Campaign }) {
  const open = campaign.progress.state === 'draft' || campaign.progress.state === 'scheduled';
  const live = open || campaign.progress.state === 'sending';
  // Kept here: a cancel ends the actions, and what it did stays said.
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      {done ? (
        <p className="form-ok" role="status">
          {done}
        </p>
      ) : null}
      {live ? <Actions brand={brand} campaign={campaign} open={open} onDone={setDone} /> : null}
      <section className="section card">
        <CampaignDetail campaign={campaign} locale={brand} title="Progress" />
      </section>
      <RecoveredOrders brand={brand} campaign={campaign} />
      {open ? <EditCampaign key={campaign.id} brand={brand} campaign={campaign} /> : null}
    </>
  );
}

function Actions({
  brand,
  campaign,
  open,
  onDone: setDone,
}: {
  brand: Brand;
  campaign: Campaign;
  open: boolean;
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
  const audience = useSegmentPreview(
    brand.id,
    campaign.segment ? { segment_id: campaign.segment.id, smart_sending: campaign.smart_sending } : null,
  );
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
          {audience.data
            ? ` to the ${formatNumber(audience.data.reachable, brand)} shoppers of “${campaign.segment?.name}” who can be texted now`
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

const draftOf = (c: Campaign): CampaignDraft => {
  return {
    name: c.name,
    segmentId: c.segment?.id ?? null,
    message: c.message,
    linkUrl: c.link_url ?? '',
    // The discount is kept unless changed here (the API gives it in words).
    discountType: '',
    discountValue: '',
    cutoffHours: c.cutoff_hours === null ? '' : String(c.cutoff_hours),
    smartSending: c.smart_sending,
  };
};

function EditCampaign({ brand, campaign }: { brand: Brand; campaign: Campaign }) {
  const id = useId();
  const [draft, setDraft] = useState<CampaignDraft>(() => draftOf(campaign));
  const [saved, setSaved] = useState(false);
  const save = useSaveCampaign(brand.id);
  const segments = useSegments(brand.id);
  const context = useComposerContext(brand.id);
  const audience = useSegmentPreview(
    brand.id,
    draft.segmentId === null ? null : { segment_id: draft.segmentId, smart_sending: draft.smartSending },
  );
  const choices = (segments.data?.items ?? []).map((s) => ({ id: s.id, name: s.name, reachable: s.count.reachable }));
  return (
    <section className="section card" aria-labelledby={`${id}-edit`}>
      <h2 id={`${id}-edit`}>Change it</h2>
      {campaign.discount ? (
        <p className="muted">
          Discount now: {campaign.discount}. Choose a discount below to replace it; “No discount code” keeps it.
        </p>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const fields = fieldsOf(draft, true);
          // "No discount code" here keeps the current one (see above).
          if (!draft.discountType) delete fields.discount;
          save.mutate({ id: campaign.id, ...fields }, { onSuccess: () => setSaved(true) });
        }}
      >
        <CampaignForm
          draft={draft}
          onChange={(d) => {
            setSaved(false);
            setDraft(d);
          }}
          segments={choices}
          audience={audience.data}
          audienceError={audience.error ? errorMessage(audience.error) : null}
          context={context.data}
          locale={brand}
          disabled={save.isPending}
        />
        <FormError message={save.error ? errorMessage(save.error) : null} />
        {saved ? (
          <p className="form-ok" role="status">
            Saved.
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </form>
    </section>
  );
}

function RecoveredOrders({ brand, campaign }: { brand: Brand; campaign: Campaign }) {
  const id = useId();
  const orders = useCampaignOrders(brand.id, campaign.id);
  const items = orders.data?.items ?? [];
  return (
    <section className="section card" aria-labelledby={`${id}-orders`}>
      <h2 id={`${id}-orders`}>Recovered orders</h2>
      <StatePanel
        loading={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        empty={items.length === 0}
        emptyMessage="No recovered order yet. An order counts when a shopper this campaign texted buys within the attribution window."
        label="the recovered orders"
      >
        <ul className="campaign-orders">
          {items.map((o) => (
            <OrderRow key={o.id} brand={brand} order={o} />
          ))}
        </ul>
      </StatePanel>
    </section>
  );
}

function OrderRow({ brand, order }: { brand: Brand; order: RecoveredOrder }) {
  const [open, setOpen] = useState(false);
  const why = useOrderAttribution(brand.id, order.id, open);
  return (
    <li>
      <p>
        <strong>Order {order.number ?? `#${order.id}`}</strong> · {formatMoney(order.total, brand)} · recovered{' '}
        {formatDateTime(order.recovered_at, brand)}{' '}
        {order.conversation_id ? (
          <Link to={`/b/${brand.id}/conversations/${order.conversation_id}`}>conversation</Link>
        ) : null}{' '}
        <button type="button" className="button button-quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          Why it counts
        </button>
      </p>
      {open ? (
        why.data ? (
          <div className="muted">
            <p>{why.data.summary}</p>
            {why.data.decision?.items.length ? (
              <ul>
                {why.data.decision.items.map((item, k) => (
                  <li key={k}>
                    {item.kind.replaceAll('_', ' ')} {formatDateTime(item.at, brand)}, {item.hours_before.toFixed(1)} h
                    before the order (window {item.window_hours} h): {item.counted ? 'counted' : 'not counted'} —{' '}
                    {item.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : why.error ? (
          <FormError message={errorMessage(why.error)} />
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : null}
    </li>
  );
}
