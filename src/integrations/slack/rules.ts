/** Slack's pure rules: the app's scopes, the authorize URL, what an auth.test failure means, the message texts. */

/** The bot scopes a brand grants (spec 3 section 6). */
export const SLACK_SCOPES = ['chat:write', 'chat:write.public', 'incoming-webhook', 'channels:read', 'channels:join'];
export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';

export const SLACK_AUTH_REQUIRED = 'Authentication required, please reconnect';
export const SLACK_MISSING_SCOPES = 'Missing scopes, please reconnect';
export const NO_BID_PROVIDED = 'No bid provided';
export const FAILED_TO_GET_CHANNELS = 'Failed to get channels';
export const NO_CONVERSATION_ID = 'No conversation id found';
export const NO_CHANNEL_ID = 'No channel id found';
export const NO_CONVERSATION_DETAIL = 'No conversation detail found';
export const slackOAuthError = (error: string): string => `Slack OAuth error: ${error}`;

export function slackAuthorizeUrl({
  clientId,
  redirectUri,
  state,
}: {
  clientId: string;
  redirectUri: string;
  state: string;
}): string {
  const url = new URL(SLACK_AUTHORIZE_URL);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', SLACK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Slack error codes of a token that no longer works (auth.test and every other method). */
const AUTH_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'no_permission',
  'org_login_required',
]);

/** What a failed Slack call asks of the brand: reconnect for auth or scopes, else nothing (undefined). */
export function slackHealthMessage(code: string): string | undefined {
  if (AUTH_ERRORS.has(code)) return SLACK_AUTH_REQUIRED;
  if (code === 'missing_scope') return SLACK_MISSING_SCOPES;
  return undefined;
}

/** Slack's mrkdwn escapes: &, < and > (a shopper's text must not become a link or a mention). */
export const slackEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const quote = (text: string): string =>
  slackEscape(text)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

export interface EngagedConversationText {
  shopper: string;
  reply: string;
  /** '59.00' and its currency, or null without a cart or checkout. */
  cartValue: { amount: string; currency: string } | null;
  workflow: string | null;
  /** The conversation in the panel. */
  link: string;
}

export function formatMoney({ amount, currency }: { amount: string; currency: string }): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** The first message of a conversation in the brand's channel. */
export function engagedConversationText(c: EngagedConversationText): string {
  return [
    `*${slackEscape(c.shopper)} replied*${c.workflow ? ` to _${slackEscape(c.workflow)}_` : ''}`,
    quote(c.reply),
    `Cart value: ${c.cartValue ? formatMoney(c.cartValue) : 'no cart'}`,
    `<${c.link}|Open the conversation>`,
  ].join('\n');
}

/** A later reply, threaded under the first message. */
export const followUpText = (shopper: string, reply: string): string => `*${slackEscape(shopper)}*:\n${quote(reply)}`;
