/**
 * `/b/:brandId/settings/integrations`: the store connection's health with how to reconnect it,
 * Slack (connect, channel, test) and Klaviyo (connect by Klaviyo or an API key, check), each with
 * its state and last error in words. A member reads everything; connecting is an admin's.
 */
import { Link } from 'react-router';
import { HealthWords } from '../../components/ui/health-words.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { KlaviyoCard } from '../../features/integrations/components/klaviyo-card.tsx';
import { SlackCard } from '../../features/integrations/components/slack-card.tsx';
import { healthDetailInWords, storeReconnectSteps } from '../../features/integrations/components/words.ts';
import { useStoreConnections } from '../../features/settings/api/get-store-connections.ts';
import '../../features/settings/components/settings.css';
import { connectionInWords } from '../../features/settings/components/words.ts';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ability, useBrandRole } from '../../lib/role.ts';

const PLATFORMS: Record<string, string> = { shopify: 'Shopify', bigcommerce: 'BigCommerce' };

function StoreCard({ brand }: { brand: Brand }) {
  const stores = useStoreConnections(brand.id);
  return (
    <section className="card" aria-labelledby="store">
      <h2 id="store">Store</h2>
      <StatePanel
        loading={stores.isPending}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        empty={stores.data?.items.length === 0}
        emptyMessage="No store is connected. Install the Reclaim app from your Shopify or BigCommerce admin."
        label="the store connection"
      >
        {stores.data?.items.map((c) => {
          const words = connectionInWords(c);
          const reconnect = c.action === 'reconnect' || c.status === 'disconnected';
          return (
            <div key={c.id} data-testid="store-health">
              <dl className="facts">
                <dt>Store</dt>
                <dd>
                  {PLATFORMS[c.platform] ?? c.platform}
                  {c.shop ? ` · ${c.shop}` : ''}
                </dd>
                <dt>State</dt>
                <dd>
                  <HealthWords words={words}>
                    {c.health_detail ? (
                      <>
                        <br />
                        {healthDetailInWords(c.health_detail)}
                      </>
                    ) : null}
                  </HealthWords>
                </dd>
                {c.installed_at ? (
                  <>
                    <dt>Installed</dt>
                    <dd>{formatDateTime(c.installed_at, brand)}</dd>
                  </>
                ) : null}
              </dl>
              {reconnect ? (
                <>
                  <h3>How to reconnect</h3>
                  <ol className="rule-lines">
                    {storeReconnectSteps(c.platform).map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </>
              ) : null}
            </div>
          );
        })}
      </StatePanel>
    </section>
  );
}

export default function IntegrationsPage() {
  const brand = useBrand();
  const role = useBrandRole(brand.id);
  const can = ability(role.data, 'integrations.manage');
  return (
    <>
      <PageHeader title="Integrations">
        <Link to={`/b/${brand.id}/settings`}>Back to settings</Link>
      </PageHeader>
      <div className="settings-grid">
        <StoreCard brand={brand} />
        <SlackCard brand={brand} can={can} />
        <KlaviyoCard brand={brand} can={can} />
      </div>
    </>
  );
}
