/**
 * `/b/:brandId/campaigns`: the brand's campaigns, newest first, with how far each got; `?campaign=ID`
 * opens one (its message, segment, schedule and progress by reason) and `?page=N` pages the list.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { CAMPAIGNS_PAGE_SIZE, useCampaigns } from '../../features/campaigns/api/get-campaigns.ts';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail.tsx';
import { CampaignTable } from '../../features/campaigns/components/campaign-table.tsx';
import '../../features/campaigns/components/campaigns.css';
import { useBrand } from '../../lib/brand.tsx';
import { useSearchState } from '../../lib/url-state.ts';

const HOW_CAMPAIGNS_ARE_MADE =
  'No campaigns yet. A campaign texts a segment of your shoppers once: start one with “New campaign”, ' +
  'send yourself a test, then schedule it.';

export default function CampaignsPage() {
  const brand = useBrand();
  const [params, update] = useSearchState();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const asked = Math.floor(Number(params.get('campaign')));
  const campaigns = useCampaigns(brand.id, (page - 1) * CAMPAIGNS_PAGE_SIZE);
  const items = campaigns.data?.items ?? [];
  const shown = items.find((c) => c.id === asked) ?? items[0];

  return (
    <>
      <PageHeader title="Campaigns">
        <Link className="button button-primary" to={`/b/${brand.id}/campaigns/new`}>
          New campaign
        </Link>
      </PageHeader>
      <section className="section" aria-labelledby="campaign-list">
        <h2 id="campaign-list" className="visually-hidden">
          Campaigns
        </h2>
        <StatePanel
          loading={campaigns.isPending}
          error={campaigns.error}
          onRetry={() => void campaigns.refetch()}
          empty={items.length === 0}
          emptyMessage={HOW_CAMPAIGNS_ARE_MADE}
          refreshing={campaigns.isPlaceholderData}
          label="the campaigns"
        >
          <CampaignTable items={items} locale={brand} selected={shown?.id} />
          <Pager
            page={page}
            pageSize={CAMPAIGNS_PAGE_SIZE}
            total={campaigns.data?.total ?? 0}
            onPage={(next) => update({ page: next === 1 ? null : next })}
            label="campaigns"
          />
        </StatePanel>
      </section>
      {shown ? (
        <section className="section card">
          <CampaignDetail campaign={shown} locale={brand} />
          <p>
            <Link className="button" to={`/b/${brand.id}/campaigns/${shown.id}`}>
              Open “{shown.name}”: test, schedule, cancel, recovered orders
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
