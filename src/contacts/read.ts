/** Reading contacts: one contact with its channels and outreach eligibility, a searchable list. */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import {
  isEligibleForOutreach,
  normalizeUsername,
  type ChannelStatus,
  type ChannelType,
  type ComplianceType,
} from './rules.ts';
import {
  channelsOfContacts,
  findChannel,
  findContactById,
  findContactByUsernames,
  listContactRows,
  outreachStats,
  type ChannelRow,
  type ContactRow,
} from './store.ts';

export const DEFAULT_CONTACT_PAGE_SIZE = 10;

export interface OutreachEligibility {
  channelId: number;
  eligible: boolean;
  replied: boolean;
  conversationsWithSentOutgoing: number;
}

export interface ChannelView {
  id: number;
  type: ChannelType;
  username: string;
  status: ChannelStatus;
  compliance_type: ComplianceType | null;
  consent_source: string | null;
  consented_at: string | null;
  blocked: boolean;
  source: string | null;
  timezone: string | null;
  /** SMS channels only. */
  eligibility?: { eligible: boolean; replied: boolean; conversations_with_sent_outgoing: number };
}

export interface ContactView {
  id: number;
  brand_id: number;
  given_name: string | null;
  family_name: string | null;
  external_id: string | null;
  source: string | null;
  group: string | null;
  buyer_accepts_sms_marketing: boolean | null;
  created_at: string;
  channels: ChannelView[];
}

/** The outreach rule against the channel's conversations ('Contact channel not found' for an unknown id). */
export async function outreachEligibility(
  db: Handle,
  { channelId, brandId }: { channelId: number; brandId?: number },
): Promise<OutreachEligibility> {
  const channel = await findChannel(db, { channelId, brandId });
  if (!channel) throw new AppError('not_found', 'Contact channel not found');
  const stats = await outreachStats(db, channel.id);
  return { channelId: channel.id, eligible: isEligibleForOutreach(stats), ...stats };
}

const channelView = (c: ChannelRow): ChannelView => ({
  id: c.id,
  type: c.type,
  username: c.username,
  status: c.status,
  compliance_type: c.compliance_type,
  consent_source: c.consent_source,
  consented_at: c.consented_at ? c.consented_at.toISOString() : null,
  blocked: c.extra_data.blocked === true,
  source: typeof c.extra_data.source === 'string' ? c.extra_data.source : null,
  timezone: typeof c.extra_data.timezone === 'string' ? c.extra_data.timezone : null,
});

const contactView = (c: ContactRow, channels: ChannelView[]): ContactView => ({
  id: c.id,
  brand_id: c.brand_id,
  given_name: c.given_name,
  family_name: c.family_name,
  external_id: c.external_id,
  source: c.source,
  group: typeof c.extra_data.group_name === 'string' ? c.extra_data.group_name : null,
  buyer_accepts_sms_marketing: c.buyer_accepts_sms_marketing,
  created_at: c.created_at.toISOString(),
  channels,
});

/** One contact of the brand with its channels, consent and (SMS) outreach eligibility. */
export async function getContact(
  db: Handle,
  { brandId, contactId }: { brandId: number; contactId: number },
): Promise<ContactView> {
  const contact = await findContactById(db, brandId, contactId);
  if (!contact) throw new AppError('not_found', 'Contact not found');
  const channels: ChannelView[] = [];
  for (const row of await channelsOfContacts(db, brandId, [contact.id])) {
    const view = channelView(row);
    if (row.type === 'sms') {
      const stats = await outreachStats(db, row.id);
      view.eligibility = {
        eligible: isEligibleForOutreach(stats),
        replied: stats.replied,
        conversations_with_sent_outgoing: stats.conversationsWithSentOutgoing,
      };
    }
    channels.push(view);
  }
  return contactView(contact, channels);
}

/** Newest first. q: digits search phone numbers, an e-mail searches e-mails, words search names. */
export async function listContacts(
  db: Handle,
  {
    brandId,
    q,
    limit = DEFAULT_CONTACT_PAGE_SIZE,
    offset = 0,
  }: { brandId: number; q?: string; limit?: number; offset?: number },
): Promise<{ contacts: ContactView[]; total: number; limit: number; offset: number }> {
  const { rows, total } = await listContactRows(db, { brandId, q, limit, offset });
  const channels = await channelsOfContacts(
    db,
    brandId,
    rows.map((r) => r.id),
  );
  const contacts = rows.map((r) => contactView(r, channels.filter((c) => c.contact_id === r.id).map(channelView)));
  return { contacts, total, limit, offset };
}

/**
 * The brand's contact that already has a channel with one of these addresses (e-mails or phones,
 * in any spelling normalizeUsername reads), or null. A lookup only: nothing is created and no
 * channel's consent is read or changed (storefront capture links a cart with it).
 */
export async function findContactIdByAddresses(
  db: Handle,
  { brandId, addresses }: { brandId: number; addresses: string[] },
): Promise<number | null> {
  const usernames = [...new Set(addresses.filter((a) => a.trim() !== '').map(normalizeUsername))];
  const contact = await findContactByUsernames(db, brandId, usernames);
  return contact?.id ?? null;
}
