import type { ChannelView, ContactView } from '../../contacts/index.ts';
import type { UnsubscribeResult } from '../../conversations/index.ts';

const name = (c: ContactView): string => [c.given_name, c.family_name].filter(Boolean).join(' ') || '(no name)';
const channelLine = (ch: ChannelView): string =>
  [
    `  ${ch.type.padEnd(5)} ${ch.username.padEnd(28)} ${ch.status}${ch.blocked ? ' (blocked)' : ''}`,
    `compliance ${ch.compliance_type ?? '-'}`,
    `consent ${ch.consent_source ?? '-'} ${ch.consented_at ?? ''}`.trimEnd(),
    ch.eligibility
      ? `outreach ${ch.eligibility.eligible ? 'eligible' : 'not eligible'} (replied ${ch.eligibility.replied ? 'yes' : 'no'}, unanswered conversations ${ch.eligibility.conversations_with_sent_outgoing})`
      : '',
  ]
    .filter(Boolean)
    .join('  ');

/** `contacts list`: one row per contact and the range shown; `searched` picks the empty-list line. */
export function contactList(
  page: { contacts: ContactView[]; total: number; offset: number },
  searched: boolean,
): string {
  if (page.contacts.length === 0) return searched ? 'No contacts match.' : 'No contacts yet.';
  return [
    ...page.contacts.map(
      (c) =>
        `${String(c.id).padStart(6)}  ${name(c).padEnd(28)} ${c.channels.map((ch) => `${ch.username} (${ch.status})`).join(', ') || '-'}`,
    ),
    `${page.offset + 1}-${page.offset + page.contacts.length} of ${page.total}.`,
  ].join('\n');
}

/** `contacts show`: the contact and each channel's status, compliance, consent and eligibility. */
export const contactDetail = (contact: ContactView): string =>
  [
    `Contact ${contact.id}: ${name(contact)}  group ${contact.group ?? '-'}  source ${contact.source ?? '-'}  external id ${contact.external_id ?? '-'}`,
    ...(contact.channels.length ? contact.channels.map(channelLine) : ['  no channels']),
  ].join('\n');

/** `contacts block`: the channels unsubscribed and the queued messages skipped. */
export const contactBlocked = (result: {
  contactId: number;
  channels: UnsubscribeResult[];
  skippedMessages: number;
}): string =>
  [
    `Blocked contact ${result.contactId}: ${result.channels.length} SMS channel(s) unsubscribed, ${result.skippedMessages} queued message(s) skipped.`,
    ...result.channels.map((c) => `  ${c.username}${c.changed ? '' : ' (already blocked)'}`),
  ].join('\n');
