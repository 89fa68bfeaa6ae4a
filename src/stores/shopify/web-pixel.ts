/**
 * The app's web pixel on a shop (Admin GraphQL `webPixel`, `webPixelCreate`, `webPixelUpdate`,
 * `webPixelDelete`; scopes read_pixels / write_pixels and read_customer_events). A shop holds at
 * most one pixel per app; its settings follow the settings definition of the extension
 * (extensions/web-pixel/shopify.extension.toml): the integration's ingest key and our ingest URL.
 * Shopify takes `settings` as a JSON string and answers it the same way.
 */
import { AppError } from '../../app/index.ts';
import type { ShopifyAdminClient } from './client.ts';

const PIXEL = 'id settings';
const USER_ERRORS = 'userErrors { field message code }';

export const WEB_PIXEL = `query WebPixel {
  webPixel { ${PIXEL} }
}`;

export const WEB_PIXEL_CREATE = `mutation WebPixelCreate($webPixel: WebPixelInput!) {
  webPixelCreate(webPixel: $webPixel) { webPixel { ${PIXEL} } ${USER_ERRORS} }
}`;

export const WEB_PIXEL_UPDATE = `mutation WebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {
  webPixelUpdate(id: $id, webPixel: $webPixel) { webPixel { ${PIXEL} } ${USER_ERRORS} }
}`;

export const WEB_PIXEL_DELETE = `mutation WebPixelDelete($id: ID!) {
  webPixelDelete(id: $id) { deletedWebPixelId ${USER_ERRORS} }
}`;

/** The settings fields of the extension's settings definition. */
export interface WebPixelSettings {
  ingestKey: string;
  ingestUrl: string;
}

export interface WebPixelInfo {
  id: string;
  settings: Partial<WebPixelSettings> & Record<string, unknown>;
}

interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

const readSettings = (value: unknown): WebPixelInfo['settings'] => {
  if (value && typeof value === 'object') return value as WebPixelInfo['settings'];
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as WebPixelInfo['settings']) : {};
  } catch {
    return {};
  }
};

const toPixel = (node: { id: string; settings: unknown } | null | undefined): WebPixelInfo | undefined =>
  node ? { id: node.id, settings: readSettings(node.settings) } : undefined;

const refused = (action: string, errors: UserError[]): AppError =>
  new AppError('upstream', `Shopify refused to ${action} the web pixel: ${errors.map((e) => e.message).join('; ')}`, {
    code: 'shopify_web_pixel',
    details: { codes: errors.map((e) => e.code ?? '').filter(Boolean) },
  });

/** The app's pixel on the shop, or undefined when it has none. */
export async function getWebPixel(client: ShopifyAdminClient): Promise<WebPixelInfo | undefined> {
  const data = await client.request<{ webPixel: { id: string; settings: unknown } | null }>(WEB_PIXEL);
  return toPixel(data.webPixel);
}

export async function createWebPixel(client: ShopifyAdminClient, settings: WebPixelSettings): Promise<WebPixelInfo> {
  const { webPixelCreate: result } = await client.request<{
    webPixelCreate: { webPixel: { id: string; settings: unknown } | null; userErrors: UserError[] };
  }>(WEB_PIXEL_CREATE, { webPixel: { settings: JSON.stringify(settings) } });
  if (result.userErrors.length > 0 || !result.webPixel) throw refused('create', result.userErrors);
  return toPixel(result.webPixel)!;
}

export async function updateWebPixel(
  client: ShopifyAdminClient,
  id: string,
  settings: WebPixelSettings,
): Promise<WebPixelInfo> {
  const { webPixelUpdate: result } = await client.request<{
    webPixelUpdate: { webPixel: { id: string; settings: unknown } | null; userErrors: UserError[] };
  }>(WEB_PIXEL_UPDATE, { id, webPixel: { settings: JSON.stringify(settings) } });
  if (result.userErrors.length > 0 || !result.webPixel) throw refused('update', result.userErrors);
  return toPixel(result.webPixel)!;
}

export async function deleteWebPixel(client: ShopifyAdminClient, id: string): Promise<string> {
  const { webPixelDelete: result } = await client.request<{
    webPixelDelete: { deletedWebPixelId: string | null; userErrors: UserError[] };
  }>(WEB_PIXEL_DELETE, { id });
  if (result.userErrors.length > 0 || !result.deletedWebPixelId) throw refused('delete', result.userErrors);
  return result.deletedWebPixelId;
}
