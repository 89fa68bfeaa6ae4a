/**
 * Slack: connect (Slack's authorize page), pick the channel notifications go to, send a test
 * message; the link's state and last error in words.
 */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import { HealthWords } from '../../../components/ui/health-words.tsx';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useConnectSlack } from '../api/connect-slack.ts';
import { useSlack } from '../api/get-slack.ts';
import { useSlackChannels } from '../api/get-slack-channels.ts';
import { useSetSlackChannel } from '../api/set-slack-channel.ts';
import { useTestSlack } from '../api/test-slack.ts';
import { linkInWords } from './words.ts';

type Can = { allowed: boolean; reason: string | null };

function ChannelPicker({ brandId, current, can }: { brandId: number; current: string | null; can: Can }) {
  const channels = useSlackChannels(brandId, true);
  const choose = useSetSlackChannel(brandId);
  const [picked, setPicked] = useState(current ?? '');
  const id = useId();
  return (
    <StatePanel
      loading={channels.isPending}
      error={channels.error}
      onRetry={() => void channels.refetch()}
      empty={channels.data?.items.length === 0}
      emptyMessage="The workspace has no public channel: create one in Slack, then reload this page."
      label="the Slack channels"
    >
      <form
        className="plan-actions"
        onSubmit={(e) => {
          e.preventDefault();
          choose.mutate(picked);
        }}
      >
        <div className="field">
          <label htmlFor={id}>Channel for notifications</label>
          <select id={id} value={picked} onChange={(e) => setPicked(e.target.value)} disabled={!can.allowed}>
            <option value="">Choose a channel</option>
            {channels.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                #{c.name}
              </option>
            ))}
          </select>
        </div>
        <button className="button" type="submit" disabled={!can.allowed || !picked || choose.isPending}>
          Use this channel
        </button>
      </form>
      <FormError message={choose.error?.message} />
    </StatePanel>
  );
}

export function SlackCard({ brand, can }: { brand: Brand; can: Can }) {
  const slack = useSlack(brand.id);
  const connect = useConnectSlack(brand.id);
  const test = useTestSlack(brand.id);
  const s = slack.data;
  const words = s ? linkInWords('Slack', s.status, s.health) : null;
  return (
    <section className="card" aria-labelledby="slack">
      <h2 id="slack">Slack</h2>
      <p>Shoppers’ replies and escalations are posted to a Slack channel, so your team answers them fast.</p>
      <StatePanel
        loading={slack.isPending}
        error={slack.error}
        onRetry={() => void slack.refetch()}
        label="the Slack link"
      >
        {s && words ? (
          <>
            <dl className="facts" data-testid="slack-state">
              <dt>State</dt>
              <dd>
                <HealthWords words={words}>
                  {s.health?.checked_at ? ` Checked ${formatDateTime(s.health.checked_at, brand)}.` : ''}
                </HealthWords>
              </dd>
              {s.team ? (
                <>
                  <dt>Workspace</dt>
                  <dd>{s.team}</dd>
                </>
              ) : null}
              <dt>Channel</dt>
              <dd>{s.channel ? `#${s.channel.name ?? s.channel.id}` : 'None chosen yet'}</dd>
            </dl>
            {!s.configured ? (
              <p className="muted">Slack is not set up on this Reclaim server yet: contact Reclaim support.</p>
            ) : null}
            <div className="plan-actions">
              <button
                className="button button-primary"
                type="button"
                disabled={!s.configured || !can.allowed || connect.isPending}
                onClick={() => connect.mutate()}
              >
                {s.status === 'connected' ? 'Reconnect Slack' : 'Connect Slack'}
              </button>
              {s.status === 'connected' ? (
                <button className="button" type="button" disabled={test.isPending} onClick={() => test.mutate()}>
                  {test.isPending ? 'Sending…' : 'Send a test message'}
                </button>
              ) : null}
            </div>
            {!can.allowed && can.reason ? <p className="muted">{can.reason}</p> : null}
            {connect.data ? (
              <p className="form-ok" role="status">
                Slack asks you to approve Reclaim ({s.scopes.length} permissions: post messages, read and join public
                channels).{' '}
                <a href={connect.data.authorize_url} data-testid="slack-authorize">
                  Continue to Slack
                </a>
              </p>
            ) : null}
            <FormError message={connect.error?.message ?? test.error?.message} />
            {test.data ? (
              <p className="form-ok" role="status">
                {test.data.sent
                  ? `Test message sent to #${s.channel?.name ?? test.data.channel}.`
                  : 'Slack answers, but no channel is chosen: choose one to receive messages.'}
              </p>
            ) : null}
            {s.status === 'connected' ? (
              <ChannelPicker brandId={brand.id} current={s.channel?.id ?? null} can={can} />
            ) : null}
          </>
        ) : null}
      </StatePanel>
    </section>
  );
}
