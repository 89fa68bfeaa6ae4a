/**
 * Klaviyo: connect by Klaviyo's authorize page or a private API key, check it; the link's state
 * and last error in words. The key is sent once and never shown again.
 */
import { useState } from 'react';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { HealthWords } from '../../../components/ui/health-words.tsx';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCheckKlaviyo } from '../api/check-klaviyo.ts';
import { useConnectKlaviyo } from '../api/connect-klaviyo.ts';
import { useKlaviyo } from '../api/get-klaviyo.ts';
import { useSaveKlaviyoKey } from '../api/save-klaviyo-key.ts';
import { linkInWords } from './words.ts';

type Can = { allowed: boolean; reason: string | null };

export function KlaviyoCard({ brand, can }: { brand: Brand; can: Can }) {
  const klaviyo = useKlaviyo(brand.id);
  const connect = useConnectKlaviyo(brand.id);
  const saveKey = useSaveKlaviyoKey(brand.id);
  const check = useCheckKlaviyo(brand.id);
  const [key, setKey] = useState('');
  const k = klaviyo.data;
  const words = k ? linkInWords('Klaviyo', k.status, k.health) : null;
  return (
    <section className="card" aria-labelledby="klaviyo">
      <h2 id="klaviyo">Klaviyo</h2>
      <p>Reclaim reads a shopper’s SMS and e-mail consent from Klaviyo before it texts them.</p>
      <StatePanel
        loading={klaviyo.isPending}
        error={klaviyo.error}
        onRetry={() => void klaviyo.refetch()}
        label="the Klaviyo link"
      >
        {k && words ? (
          <>
            <dl className="facts" data-testid="klaviyo-state">
              <dt>State</dt>
              <dd>
                <HealthWords words={words}>
                  {k.health?.checked_at ? ` Checked ${formatDateTime(k.health.checked_at, brand)}.` : ''}
                </HealthWords>
              </dd>
              {k.account ? (
                <>
                  <dt>Account</dt>
                  <dd>{k.account}</dd>
                </>
              ) : null}
              {k.auth_mode ? (
                <>
                  <dt>Connected by</dt>
                  <dd>{k.auth_mode === 'oauth' ? 'Signing in to Klaviyo' : 'A private API key'}</dd>
                </>
              ) : null}
            </dl>
            <div className="plan-actions">
              {k.oauth_configured ? (
                <button
                  className="button button-primary"
                  type="button"
                  disabled={!can.allowed || connect.isPending}
                  onClick={() => connect.mutate()}
                >
                  {k.status === 'connected' ? 'Reconnect with Klaviyo' : 'Connect with Klaviyo'}
                </button>
              ) : null}
              {k.status === 'connected' ? (
                <button className="button" type="button" disabled={check.isPending} onClick={() => check.mutate()}>
                  {check.isPending ? 'Checking…' : 'Check the connection'}
                </button>
              ) : null}
            </div>
            {connect.data ? (
              <p className="form-ok" role="status">
                Klaviyo asks you to approve read access to your account.{' '}
                <a href={connect.data.authorize_url}>Continue to Klaviyo</a>
              </p>
            ) : null}
            <form
              className="plan-actions"
              onSubmit={(e) => {
                e.preventDefault();
                saveKey.mutate(key, { onSuccess: () => setKey('') });
              }}
            >
              <Field
                label={k.oauth_configured ? 'Or a private API key' : 'Private API key'}
                hint="Klaviyo → Settings → API keys → Create private API key (read access to accounts and profiles)."
                type="password"
                autoComplete="off"
                value={key}
                disabled={!can.allowed}
                onChange={(e) => setKey(e.target.value)}
              />
              <button className="button" type="submit" disabled={!can.allowed || saveKey.isPending}>
                {saveKey.isPending ? 'Checking the key…' : 'Connect with the key'}
              </button>
            </form>
            {!can.allowed && can.reason ? <p className="muted">{can.reason}</p> : null}
            <FormError message={connect.error?.message ?? saveKey.error?.message ?? check.error?.message} />
          </>
        ) : null}
      </StatePanel>
    </section>
  );
}
