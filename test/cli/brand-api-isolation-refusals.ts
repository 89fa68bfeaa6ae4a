/** The isolation table's own-brand refusals (brand-api-isolation.test.ts). */

/**
 * Routes whose own-brand call reaches the service and is refused for what the world lacks (the
 * service's own answer, never the guard's "Brand not found"): a Stripe portal for a brand billed
 * through Shopify, a usage cap with no live subscription (the chosen plan waits for the merchant).
 */
const SLACK_NOT_CONNECTED = {
  status: 404,
  message: 'Slack is not connected for this brand: run reclaim slack connect --brand ID.',
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
  'POST /api/brands/:brandId/texting/registration': { status: 400, message: /^Company settings are incomplete: set / },
  'POST /api/brands/:brandId/texting/registration/appeal': {
    status: 400,
    message: /^Brand \d+ has no campaign to appeal\.$/,
  },
  'POST /api/brands/:brandId/texting/registration/retry': {
    status: 409,
    message: /^Only a registration in manual_intervention can be retried; brand \d+ is not registering\.$/,
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
    message: 'Klaviyo is not connected for this brand: run reclaim klaviyo connect --brand ID.',
  },
};
