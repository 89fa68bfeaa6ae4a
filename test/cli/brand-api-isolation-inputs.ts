/** The isolation table's inputs (brand-api-isolation.test.ts): request bodies and own-brand refusals. */

export type Ids = (name: string) => number | string | undefined;

/** The +1 number a campaign test goes to (a contact of the world). */
export const TESTER = '+12125550147';

/**
 * A body a route needs to get past its input check. A route with a body and path params needs
 * one here (its own-brand call must succeed); sign-in routes are called without one (400).
 */
export function requestBodies(planId: () => number): Partial<Record<string, (ids: Ids) => Record<string, unknown>>> {
  return {
    'POST /api/brands/:brandId/conversations/:conversationId/reply': () => ({ body: 'Your order ships today.' }),
    'POST /api/brands/:brandId/ad-jobs': () => ({ website: 'http://127.0.0.1:9/', concepts: 1, dimensions: '256x256' }),
    // The comment stays (a marker the next caller reads); only the rating changes.
    'PUT /api/brands/:brandId/conversations/:conversationId/messages/:messageId/feedback': () => ({ rating: 5 }),
    'POST /api/brands/:brandId/conversations/:conversationId/escalations': () => ({ question: 'Can I return it?' }),
    'PATCH /api/brands/:brandId/escalations/:escalationId': () => ({ processed_response: 'Yes, within 30 days.' }),
    'POST /api/brands/:brandId/conversations/:conversationId/quality': () => ({ rating: 4, note: 'Fine' }),
    'POST /api/brands/:brandId/conversations/:conversationId/files': (ids) => ({
      url: 'https://files.example.com/receipt.pdf',
      name: 'receipt.pdf',
      message_id: ids('messageId'),
    }),
    'PUT /api/brands/:brandId/contacts/:contactId/note': () => ({ note: 'Prefers texts after 5pm' }),
    'POST /api/brands/:brandId/kb/cards': () => ({ title: 'Returns', content: 'Returns are free for 30 days.' }),
    'PATCH /api/brands/:brandId/kb/cards/:cardId': () => ({ weight: 3 }),
    'PUT /api/brands/:brandId/agent/settings': () => ({ max_replies_per_day: 4 }),
    'POST /api/brands/:brandId/agent/decisions/:messageId/draft': () => ({ action: 'send' }),
    'POST /api/brands/:brandId/agent/decisions/:messageId/wrong': () => ({ note: 'Not what we ship' }),
    'POST /api/brands/:brandId/escalations/:escalationId/answer': () => ({ response: 'Yes, within 30 days.' }),
    'PATCH /api/integrations/:integrationId': () => ({ settings: { reply_signature: 'The store team' } }),
    'POST /api/brands/:brandId/workflows': () => ({ template: 'abandoned-cart' }),
    'PATCH /api/brands/:brandId/workflows/:workflowId': () => ({ delay_minutes: 45 }),
    'POST /api/brands/:brandId/insights/:brandInsightId/kb-card': () => ({}),
    'POST /api/brands/:brandId/escalations/:escalationId/kb-card': () => ({}),
    'POST /api/brands/:brandId/scheduled-flows': (ids) => ({
      segment_id: ids('flowSegmentId'),
      cron: '0 9 * * 5',
      message: 'Friday picks: {cart_link}',
    }),
    'POST /api/brands/:brandId/subscription': () => ({ plan_id: planId(), billing_email: 'billing@brand.example' }),
    'POST /api/brands/:brandId/subscription/usage-cap': () => ({ amount_usd: 20000 }),
    'POST /api/brands/:brandId/keyword-flows': () => ({
      keyword: `K${Math.floor(Math.random() * 1e9)}`,
      message: 'Welcome! {cart_link}',
    }),
    'POST /api/brands/:brandId/campaigns': (ids) => ({ segment_id: ids('campaignSegmentId'), message: 'New sale' }),
    'PATCH /api/brands/:brandId/campaigns/:campaignId': () => ({ name: 'Renamed sale' }),
    'POST /api/brands/:brandId/campaigns/:campaignId/test': () => ({ to: TESTER }),
    'POST /api/brands/:brandId/campaigns/:campaignId/schedule': () => ({
      at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    }),
    'POST /api/brands/:brandId/segments': () => ({
      name: 'Repeat buyers',
      filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 2 }] },
    }),
    'POST /api/brands/:brandId/segments/preview': (ids) => ({ segment_id: ids('segmentId') }),
    'PATCH /api/brands/:brandId/segments/:segmentId': () => ({ name: 'Renamed segment' }),
    'POST /api/brands/:brandId/texting/registration/settings/check': () => ({
      company_info: { tax_ein: '12-3456789' },
    }),
    'PUT /api/brands/:brandId/texting/registration/settings': () => ({
      company_info: { legal_company_name: 'Isolation Goods LLC' },
    }),
    // Pages on this machine: the policy check refuses a private address before it reads anything.
    'POST /api/brands/:brandId/texting/policy-check': () => ({
      terms_url: 'http://127.0.0.1:9/terms',
      privacy_url: 'http://127.0.0.1:9/privacy',
    }),
    'POST /api/brands/:brandId/texting/registration/appeal': () => ({ reason: 'We fixed the terms page.' }),
    'PUT /api/brands/:brandId/integrations/slack/channel': () => ({ channel: '#sales' }),
    'PUT /api/brands/:brandId/integrations/klaviyo/api-key': () => ({ api_key: '' }),
    // The role a member already has: the change is made and changes nothing the next caller reads.
    'PATCH /api/brands/:brandId/team/members/:memberId': () => ({ role: 'member' }),
    'POST /api/brands/:brandId/team/invitations': () => ({
      emails: `invited-${Math.floor(Math.random() * 1e9)}@example.com`,
    }),
  };
}

/**
 * Routes whose own-brand call reaches the service and is refused for what the world lacks (the
 * service's own answer, never the guard's "Brand not found"): a Stripe portal for a brand billed
 * through Shopify, a usage cap with no live subscription (the chosen plan waits for the merchant).
 */
const SLACK_NOT_CONNECTED = {
  status: 404,
  message: 'Slack is not connected for this brand: connect it first.',
};
export const OWN_REFUSALS: Partial<Record<string, { status: number; message: string | RegExp }>> = {
  'POST /api/brands/:brandId/billing-portal': { status: 404, message: 'Payment Source not found.' },
  'POST /api/brands/:brandId/subscription/usage-cap': { status: 404, message: 'No active subscription found' },
  // The world's agent decision is an escalation with no draft: the service's own refusals.
  'POST /api/brands/:brandId/agent/decisions/:messageId/draft': {
    status: 409,
    message: 'This draft was already sent or discarded.',
  },
  'POST /api/brands/:brandId/agent/decisions/:messageId/wrong': {
    status: 409,
    message: 'Only an answer of the agent can be marked wrong.',
  },
  // This server has no Infobip, Slack or Klaviyo configured, and the world's brands never registered.
  'POST /api/brands/:brandId/texting/policy-check': {
    status: 400,
    message: /^Refused to fetch http:\/\/127\.0\.0\.1:9\/(terms|privacy): the address 127\.0\.0\.1 is /,
  },
  'POST /api/brands/:brandId/texting/registration': {
    status: 400,
    message: /^The company details are incomplete: fill in /,
  },
  'POST /api/brands/:brandId/texting/registration/appeal': {
    status: 400,
    message: 'There is no campaign to appeal yet.',
  },
  'POST /api/brands/:brandId/texting/registration/retry': {
    status: 409,
    message: 'Only a registration that stopped and needs attention can be started again.',
  },
  'POST /api/brands/:brandId/integrations/slack/connect': {
    status: 400,
    message: 'Slack is not configured: set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET.',
  },
  'GET /api/brands/:brandId/integrations/slack/channels': SLACK_NOT_CONNECTED,
  'PUT /api/brands/:brandId/integrations/slack/channel': SLACK_NOT_CONNECTED,
  'POST /api/brands/:brandId/integrations/slack/test': SLACK_NOT_CONNECTED,
  'POST /api/brands/:brandId/integrations/klaviyo/connect': {
    status: 400,
    message: 'Klaviyo OAuth is not configured: set KLAVIYO_CLIENT_ID and KLAVIYO_CLIENT_SECRET.',
  },
  'PUT /api/brands/:brandId/integrations/klaviyo/api-key': { status: 400, message: 'API key is required' },
  'POST /api/brands/:brandId/integrations/klaviyo/check': {
    status: 404,
    message: 'Klaviyo is not connected for this brand: connect it first.',
  },
};
