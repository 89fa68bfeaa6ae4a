/**
 * `/b/:brandId/settings/integrations`: the store connection's health with how to reconnect it,
 * Slack (connect, channel, test) and Klaviyo (connect by Klaviyo or an API key, check), each with
 * its state and last error in words. A member reads everything; connecting is an admin's.
 */
import { Link } from 'react-router';
import { HealthWords } from '../../components/ui/health-words.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { KlaviyoCard } from '../../features/integrations/components/klaviyo-card.tsx';
import { SlackCard } from '../../features/integrations/components/slack-card.tsx';
import { healthDetailInWords, storeReconnectSteps } from '../../features/integrations/components/words.ts';
import '../../features/settings/components/settings.css';
import { Installed, StoreConnections, StoreName } from '../../features/settings/components/store-connections.tsx';
import { useBrand, type Brand } from '../../lib/brand.tsx';
import { ability, useBrandRole } from '../../lib/role.ts';

function StoreCard({ brand }: { brand: Brand }) {
  return (
    <section className="card" aria-labelledby="store">
      <h2 id="store">Store</h2>
      <StoreConnections brand={brand}>
        {(c, words) => {
          const reconnect = c.action === 'reconnect' || c.status === 'disconnected';
          return (
            <div key={c.id} data-testid="store-health">
              <dl className="facts">
                <StoreName c={c} />
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
                <Installed c={c} brand={brand} />
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
        }}
      </StoreConnections>
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
