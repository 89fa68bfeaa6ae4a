/**
 * A brand's proof of consent (`reclaim contacts consent export`): for every channel, every change
 * of its consent since it was first recorded (opt-in with its source and page or keyword, STOP,
 * START, a block, a store's marketing-consent webhook, Klaviyo), in order, with the time and the
 * evidence kept with it. The brand's own data, complete, for a carrier or a lawyer: the numbers are
 * not masked. Every opt-in in it carries the signed source it came from (events storefront capture
 * recorded before it stopped granting consent are void and left out; see the storefront consent
 * re-check migration).
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { brandExists, consentEvents, type ConsentEventRow } from './store/consent-export.ts';

export interface ConsentRecord {
  channel: string;
  channelId: number | null;
  contactId: number | null;
  channelType: string | null;
  recordedAt: string;
  status: string;
  source: string | null;
  previousStatus: string | null;
  complianceType: string | null;
  /** Everything else kept with the change (page, keyword, marketing state, webhook ids…). */
  evidence: Record<string, unknown>;
}

export interface ConsentExport {
  brandId: number;
  exportedAt: string;
  channels: Array<{
    channel: string;
    channelId: number | null;
    currentStatus: string | null;
    history: ConsentRecord[];
  }>;
}

const toRecord = (row: ConsentEventRow): ConsentRecord => {
  const { previous_status, compliance_type, ...evidence } = row.extra_data ?? {};
  return {
    channel: row.username,
    channelId: row.contact_channel_id,
    contactId: row.contact_id,
    channelType: row.channel_type,
    recordedAt: row.recorded_at.toISOString(),
    status: row.status,
    source: row.source,
    previousStatus: typeof previous_status === 'string' ? previous_status : null,
    complianceType: typeof compliance_type === 'string' ? compliance_type : null,
    evidence,
  };
};

export async function exportConsent(db: Handle, { brandId }: { brandId: number }): Promise<ConsentExport> {
  if (!(await brandExists(db, brandId))) throw new AppError('not_found', 'Brand not found');
  const channels: ConsentExport['channels'] = [];
  for (const row of await consentEvents(db, brandId)) {
    let last = channels.at(-1);
    if (!last || last.channel !== row.username) {
      last = {
        channel: row.username,
        channelId: row.contact_channel_id,
        currentStatus: row.current_status,
        history: [],
      };
      channels.push(last);
    }
    last.history.push(toRecord(row));
  }
  return { brandId, exportedAt: new Date().toISOString(), channels };
}

export const CONSENT_CSV_HEADERS = [
  'channel',
  'channel_id',
  'contact_id',
  'channel_type',
  'recorded_at',
  'status',
  'source',
  'previous_status',
  'compliance_type',
  'evidence',
] as const;

/** One CSV row per change (RFC 4180 quoting), channel by channel, oldest first. */
export function consentCsv(data: ConsentExport): string {
  const field = (v: string | number | null): string => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [CONSENT_CSV_HEADERS.join(',')];
  for (const channel of data.channels)
    for (const r of channel.history)
      lines.push(
        [
          r.channel,
          r.channelId,
          r.contactId,
          r.channelType,
          r.recordedAt,
          r.status,
          r.source,
          r.previousStatus,
          r.complianceType,
          Object.keys(r.evidence).length > 0 ? JSON.stringify(r.evidence) : null,
        ]
          .map(field)
          .join(','),
      );
  return `${lines.join('\n')}\n`;
}
