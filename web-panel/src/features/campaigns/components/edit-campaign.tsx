/** A campaign not sent yet, changed in the campaign form (segment, message, link, time, cutoff). */
import { useId, useState } from 'react';
import type { Brand } from '../../../lib/brand.tsx';
import { useSaveCampaign } from '../api/save-campaign.ts';
import type { Campaign } from '../api/types.ts';
import { CampaignForm, fieldsOf, type Audience, type CampaignDraft, type SegmentChoice } from './campaign-form.tsx';

export const draftOf = (c: Campaign): CampaignDraft => {
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

/**
 * The page holds the draft (its segment decides the audience the page asks the segments' preview
 * for) and gives the segments to choose from and that audience.
 */
export function EditCampaign({
  brand,
  campaign,
  draft,
  onDraft: setDraft,
  segments: choices,
  audience,
}: {
  brand: Brand;
  campaign: Campaign;
  draft: CampaignDraft;
  onDraft(draft: CampaignDraft): void;
  segments: SegmentChoice[];
  audience: { data: Audience | undefined; error: unknown };
}) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  const save = useSaveCampaign(brand.id);
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
          brand={brand}
          draft={draft}
          onChange={(d) => {
            setSaved(false);
            setDraft(d);
          }}
          segments={choices}
          audience={audience}
          save={save}
        />
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
