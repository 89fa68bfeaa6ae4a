/**
 * Integrations in a brand's words (pure): a link's state with its last error, and how to reconnect
 * a store whose connection needs attention.
 */

export interface LinkWords {
  label: string;
  detail: string;
  healthy: boolean;
}

type Health = { status: string; checked_at: string | null } | null;

/** A Slack or Klaviyo link's state; a failed last check wins over "connected". */
export function linkInWords(
  provider: 'Slack' | 'Klaviyo',
  status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected',
  health: Health,
): LinkWords {
  if (status === 'not_connected')
    return { label: 'Not connected', healthy: false, detail: `Connect ${provider} below.` };
  if (status === 'pending_setup')
    return {
      label: 'Connection not finished',
      healthy: false,
      detail: `${provider} has not sent you back yet: open the link again and approve Reclaim there.`,
    };
  if (status === 'disconnected')
    return {
      label: 'Disconnected',
      healthy: false,
      detail: `Reclaim no longer reaches ${provider}. Connect it again.`,
    };
  if (health && health.status !== 'ok')
    return { label: 'Connected, needs attention', healthy: false, detail: `Last error: ${health.status}.` };
  return { label: 'Connected', healthy: true, detail: health ? 'The last check passed.' : 'Not checked yet.' };
}

/** What the brand does to reconnect a store, per platform. */
export function storeReconnectSteps(platform: string): string[] {
  if (platform === 'shopify')
    return [
      'Open your Shopify admin and go to Apps → Reclaim.',
      'Shopify asks you to approve the permissions Reclaim is missing: approve them.',
      'Come back here: the warning goes away once Shopify confirms.',
    ];
  if (platform === 'bigcommerce')
    return [
      'Open your BigCommerce control panel and go to Apps → My Apps → Reclaim.',
      'Open the app (or reinstall it) and approve the permissions it asks for.',
      'Come back here: the warning goes away once BigCommerce confirms.',
    ];
  return ['Reinstall the Reclaim app from your store’s admin and approve the permissions it asks for.'];
}

/** A health's detail in words: "Missing permissions: read_orders, write_discounts" names them plainly. */
export function healthDetailInWords(detail: string): string {
  const missing = /^Missing permissions: (.*)$/.exec(detail)?.[1];
  if (!missing) return detail;
  const names = missing.split(/,\s*/).map((scope) => scope.replace(/_/g, ' '));
  return `Reclaim is missing ${names.length === 1 ? 'this permission' : 'these permissions'}: ${names.join(', ')}.`;
}
