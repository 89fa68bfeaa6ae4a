/**
 * `/b/:brandId/campaigns/new`: a new campaign (segment, message in the composer, link, discount,
 * cutoff, smart sending) with the audience and the estimate of texts, segments and cost. It is
 * saved as a draft and opens on its page, where a test is sent and it is scheduled.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useSaveCampaign } from '../../features/campaigns/api/save-campaign.ts';
import {
  CampaignForm,
  EMPTY_DRAFT,
  fieldsOf,
  segmentChoices,
  type CampaignDraft,
} from '../../features/campaigns/components/campaign-form.tsx';
import '../../features/campaigns/components/campaigns.css';
import { useSegments } from '../../features/segments/api/get-segments.ts';
import { useSegmentPreview } from '../../features/segments/api/preview-segment.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useSearchParam } from '../../lib/url-state.ts';
import { timezoneLabel, timezoneName } from '../../lib/format.ts';

export default function NewCampaignPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [segmentParam] = useSearchParam('segment');
  const segments = useSegments(brand.id);
  const save = useSaveCampaign(brand.id);
  const [draft, setDraft] = useState<CampaignDraft>({
    ...EMPTY_DRAFT,
    segmentId: segmentParam ? Number(segmentParam) : null,
  });
  const audience = useSegmentPreview(
    brand.id,
    draft.segmentId === null ? null : { segment_id: draft.segmentId, smart_sending: draft.smartSending },
  );
  const choices = segmentChoices(segments.data?.items);

  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/campaigns`}>← All campaigns</Link>
      </p>
      <PageHeader title="New campaign" />
      <p className="muted">
        A campaign texts a segment once. It is saved as a draft: send yourself a test, then schedule it (a time in{' '}
        {timezoneLabel(brand.timezone)}, {timezoneName(brand.timezone)}, or now).
      </p>
      <StatePanel
        loading={segments.isPending}
        error={segments.error}
        onRetry={() => void segments.refetch()}
        empty={choices.length === 0}
        emptyMessage="A campaign texts a segment: build one first."
        label="the segments"
      >
        <form
          className="section card"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { ...fieldsOf(draft, false) },
              { onSuccess: (c) => navigate(`/b/${brand.id}/campaigns/${c.id}`) },
            );
          }}
        >
          <CampaignForm
            brand={brand}
            draft={draft}
            onChange={setDraft}
            segments={choices}
            audience={audience}
            save={save}
          />
          <div className="segment-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={save.isPending || draft.segmentId === null}
            >
              {save.isPending ? 'Saving…' : 'Save draft'}
            </button>
            <Link className="button" to={`/b/${brand.id}/campaigns`}>
              Cancel
            </Link>
          </div>
        </form>
      </StatePanel>
      {choices.length === 0 && !segments.isPending ? (
        <p>
          <Link className="button button-primary" to={`/b/${brand.id}/segments?segment=new`}>
            Build a segment
          </Link>
        </p>
      ) : null}
    </>
  );
}
