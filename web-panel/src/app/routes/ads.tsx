/**
 * `/b/:brandId/ads`: make an ad (the form, then the job's progress in words: `?job=ID` follows it,
 * a reload included), and the gallery of the brand's generated ads, newest first; `?ad=ID` opens
 * one (its concepts beside their images, each made again on demand, with downloads, and the brand
 * knowledge) and `?page=N` pages the list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { useAd } from '../../features/ads/api/get-ad.ts';
import { ADS_PAGE_SIZE, useAds } from '../../features/ads/api/get-ads.ts';
import { useAdJob, useAdOptions, useRegenerateConcept, useStartAdJob } from '../../features/ads/api/make-ads.ts';
import { adsKey } from '../../features/ads/api/types.ts';
import { AdCards } from '../../features/ads/components/ad-cards.tsx';
import { AdGallery } from '../../features/ads/components/ad-gallery.tsx';
import { AdProgress, NewAdForm } from '../../features/ads/components/new-ad-form.tsx';
import '../../features/ads/components/ads.css';
import { FormError } from '../../components/ui/field.tsx';
import { useBrand } from '../../lib/brand.tsx';
import { useSearchState } from '../../lib/url-state.ts';

const NO_ADS_YET = 'No ads yet. Make one above: the concepts and images appear here.';

export default function AdsPage() {
  const brand = useBrand();
  const queryClient = useQueryClient();
  const [params, update] = useSearchState();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const adParam = Math.floor(Number(params.get('ad')));
  const adId = adParam > 0 ? adParam : undefined;
  const jobId = params.get('job') ?? undefined;
  const options = useAdOptions(brand.id);
  const start = useStartAdJob(brand.id);
  const job = useAdJob(brand.id, jobId);
  const ads = useAds(brand.id, (page - 1) * ADS_PAGE_SIZE);
  const shown = adId ?? ads.data?.items[0]?.id;
  const ad = useAd(brand.id, shown);
  const regenerate = useRegenerateConcept(brand.id, shown ?? 0);
  const madeAdId = job.data?.state === 'done' ? job.data.ad_id : null;

  // A finished job: the list gains the ad, and the ad opens.
  useEffect(() => {
    if (madeAdId === null) return;
    void queryClient.invalidateQueries({ queryKey: adsKey(brand.id) });
    if (adId !== madeAdId) update({ ad: madeAdId, page: null }, { replace: true });
  }, [madeAdId, adId, brand.id, queryClient, update]);

  return (
    <>
      <PageHeader title="Ads" />
      <section className="section" aria-label="Make an ad">
        <StatePanel
          loading={options.isPending}
          error={options.error}
          onRetry={() => void options.refetch()}
          label="the form"
        >
          {options.data ? (
            <NewAdForm
              options={options.data}
              busy={start.isPending || job.data?.state === 'working'}
              error={start.error ? errorMessage(start.error) : null}
              onSubmit={(body) =>
                start.mutate(body, { onSuccess: (started) => update({ job: started.id }, { replace: true }) })
              }
            />
          ) : null}
          {job.data ? <AdProgress job={job.data} /> : null}
          {job.error ? <FormError message={errorMessage(job.error)} /> : null}
        </StatePanel>
      </section>
      <section className="section" aria-labelledby="ad-list">
        <h2 id="ad-list">Your ads</h2>
        <StatePanel
          loading={ads.isPending}
          error={ads.error}
          onRetry={() => void ads.refetch()}
          empty={ads.data?.items.length === 0}
          emptyMessage={NO_ADS_YET}
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
            {ad.data ? (
              <AdGallery
                ad={ad.data}
                locale={brand}
                regenerating={regenerate.isPending ? (regenerate.variables ?? null) : null}
                onRegenerate={(index) => regenerate.mutate(index)}
              />
            ) : null}
            <FormError message={regenerate.error ? errorMessage(regenerate.error) : null} />
          </StatePanel>
        </section>
      ) : null}
    </>
  );
}
