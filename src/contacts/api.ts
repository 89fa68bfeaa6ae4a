/**
 * The brand API's contact reads: the list and one contact. Channel addresses are masked
 * (`+1415***0123`, `s***@example.com`) in both: a shopper's whole number is shown only inside a
 * conversation of the brand (the conversation routes).
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { DEFAULT_CONTACT_PAGE_SIZE, getContact, listContacts, type ContactView } from './read.ts';
import { maskUsername } from './rules.ts';

const channelSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  username: z.string().describe('masked'),
  status: z.string(),
  compliance_type: z.string().nullable(),
  consent_source: z.string().nullable(),
  consented_at: timestamp().nullable(),
  blocked: z.boolean(),
  source: z.string().nullable(),
  timezone: z.string().nullable(),
  eligibility: z
    .object({ eligible: z.boolean(), replied: z.boolean(), conversations_with_sent_outgoing: z.number().int() })
    .optional()
    .describe('SMS channels: may the brand start a conversation (spec 4 outreach rule)'),
});

export const contactSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  external_id: z.string().nullable(),
  source: z.string().nullable(),
  group: z.string().nullable(),
  buyer_accepts_sms_marketing: z.boolean().nullable(),
  created_at: timestamp(),
  channels: z.array(channelSchema),
});

/** The contact with every channel address masked. */
export const maskedContact = (contact: ContactView): ContactView => ({
  ...contact,
  channels: contact.channels.map((channel) => ({ ...channel, username: maskUsername(channel.username) })),
});

export const CONTACT_NOT_FOUND = 'Contact not found';

export const contactsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/contacts',
    tag: 'contacts',
    summary: "The brand's shoppers, newest first (addresses masked)",
    query: z.object({
      ...pageQuery(DEFAULT_CONTACT_PAGE_SIZE),
      q: z
        .string()
        .trim()
        .max(200)
        .optional()
        .describe('digits search phone numbers, an e-mail searches e-mails, words search names'),
    }),
    response: page(contactSchema),
    handler: async ({ ctx, brand, query }) => {
      const found = await listContacts(ctx.db, { brandId: brand.id, ...query });
      return { items: found.contacts.map(maskedContact), total: found.total, offset: found.offset, limit: found.limit };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/contacts/:contactId',
    tag: 'contacts',
    summary: 'One shopper: channels with consent and outreach eligibility (addresses masked)',
    params: z.object({ contactId: idSchema() }),
    notFound: CONTACT_NOT_FOUND,
    response: z.object({ contact: contactSchema }),
    handler: async ({ ctx, brand, params }) => ({
      contact: maskedContact(await getContact(ctx.db, { brandId: brand.id, contactId: params.contactId })),
    }),
  }),
];
