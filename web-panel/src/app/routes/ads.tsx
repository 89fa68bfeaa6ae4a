/**
 * `/b/:brandId/ads`: the gallery of the brand's generated ads, newest first; `?ad=ID` opens one
 * (its concepts beside their images, and the brand knowledge) and `?page=N` pages the list.
 */
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useAd } from '../../features/ads/api/get-ad.ts';
import { ADS_PAGE_SIZE, useAds } from '../../features/ads/api/get-ads.ts';
import { AdCards } from '../../features/ads/components/ad-cards.tsx';
import { AdGallery } from '../../features/ads/components/ad-gallery.tsx';
import '../../features/ads/components/ads.css';
import { useBrand } from '../../lib/brand.tsx';
import { useSearchState } from '../../lib/url-state.ts';

const HOW_ADS_ARE_MADE =
  'No ads yet. Ads are made from your website: run `reclaim ads generate --brand <id>` and the concepts and ' +
  'images appear here.';

export default function AdsPage() {
  const brand = useBrand();
  const [params, update] = useSearchState();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const adParam = Math.floor(Number(params.get('ad')));
  const adId = adParam > 0 ? adParam : undefined;
  const ads = useAds(brand.id, (page - 1) * ADS_PAGE_SIZE);
  const ad = useAd(brand.id, adId ?? ads.data?.items[0]?.id);
  const shown = adId ?? ads.data?.items[0]?.id;

  return (
    <>
      <PageHeader title="Ads" />
      <section className="section" aria-labelledby="ad-list">
        <h2 id="ad-list" className="visually-hidden">
          Generated ads
        </h2>
        <StatePanel
          loading={ads.isPending}
          error={ads.error}
          onRetry={() => void ads.refetch()}
          empty={ads.data?.items.length === 0}
          emptyMessage={HOW_ADS_ARE_MADE}
          refreshing={ads.isPlaceholderData}
          label="the ads"
        >
          <AdCards items={ads.data?.items ?? []} locale={brand} selected={shown} />
          <Pager
            page={page}
            pageSize={ADS_PAGE_SIZE}
            total={ads.data?.total ?? 0}
            onPage={(next) => update({ page: next === 1 ? null : next })}
            label="ads"
          />
        </StatePanel>
      </section>
      {shown !== undefined ? (
        <section className="section card">
          <StatePanel
            loading={ad.isPending}
            error={ad.error}
            onRetry={() => void ad.refetch()}
            empty={false}
            label="the ad"
          >
            {ad.data ? <AdGallery ad={ad.data} locale={brand} /> : null}
          </StatePanel>
        </section>
      ) : null}
    </>
  );
}
