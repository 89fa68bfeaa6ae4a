/**
 * `/b/:brandId/campaigns/:campaignId`: one campaign. Its progress, whose numbers add up (targeted =
 * sent + held + waiting + left out by reason + failed), and what it brought (recovered orders and
 * sales, each order with its attribution evidence). While it has not started sending: change it,
 * send a test to a typed +1 number (not counted), schedule or reschedule it in the brand's time zone
 * (or now) and cancel it, each after a confirmation. Members see Schedule and Cancel disabled with
 * the reason. The parts are feature components (campaign-actions, edit-campaign, recovered-orders).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useCampaign } from '../../features/campaigns/api/get-campaign.ts';
import type { Campaign } from '../../features/campaigns/api/types.ts';
import { CampaignActions } from '../../features/campaigns/components/campaign-actions.tsx';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail.tsx';
import { STATE_LABELS } from '../../features/campaigns/components/campaign-table.tsx';
import { segmentChoices } from '../../features/campaigns/components/campaign-form.tsx';
import '../../features/campaigns/components/campaigns.css';
import { draftOf, EditCampaign } from '../../features/campaigns/components/edit-campaign.tsx';
import { RecoveredOrders } from '../../features/campaigns/components/recovered-orders.tsx';
import { useSegments } from '../../features/segments/api/get-segments.ts';
import { useSegmentPreview } from '../../features/segments/api/preview-segment.ts';
import { useBrand, type Brand } from '../../lib/brand.tsx';

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
        {c ? <CampaignBody key={c.id} brand={brand} campaign={c} /> : null}
      </StatePanel>
    </>
  );
}

function CampaignBody({ brand, campaign }: { brand: Brand; campaign: Campaign }) {
  const open = campaign.progress.state === 'draft' || campaign.progress.state === 'scheduled';
  const live = open || campaign.progress.state === 'sending';
  // Kept here: a cancel ends the actions, and what it did stays said.
  const [done, setDone] = useState<string | null>(null);
  // The draft of "Change it" lives here: its segment decides the audience asked for below.
  const [draft, setDraft] = useState(() => draftOf(campaign));
  const segments = useSegments(brand.id);
  const saved = useSegmentPreview(
    brand.id,
    live && campaign.segment ? { segment_id: campaign.segment.id, smart_sending: campaign.smart_sending } : null,
  );
  const drafted = useSegmentPreview(
    brand.id,
    open && draft.segmentId !== null ? { segment_id: draft.segmentId, smart_sending: draft.smartSending } : null,
  );
  return (
    <>
      {done ? (
        <p className="form-ok" role="status">
          {done}
        </p>
      ) : null}
      {live ? (
        <CampaignActions
          brand={brand}
          campaign={campaign}
          open={open}
          reachable={saved.data?.reachable}
          onDone={setDone}
        />
      ) : null}
      <section className="section card">
        <CampaignDetail campaign={campaign} locale={brand} title="Progress" />
      </section>
      <RecoveredOrders brand={brand} campaign={campaign} />
      {open ? (
        <EditCampaign
          key={campaign.id}
          brand={brand}
          campaign={campaign}
          draft={draft}
          onDraft={setDraft}
          segments={segmentChoices(segments.data?.items)}
          audience={drafted}
        />
      ) : null}
    </>
  );
}
