/**
 * Script tags (Admin GraphQL `scriptTags`, `scriptTagCreate`, `scriptTagDelete`; scopes
 * read_script_tags / write_script_tags): a remote script loaded on the storefront. Kept for stores
 * on vintage themes, which cannot run the web pixel: Shopify loads script tags only on vintage
 * themes (not Online Store 2.0 themes), and no longer on the checkout, thank-you or order status
 * pages (checkout extensibility; sunset on the order status page on 2025-08-28). Listed 100 a page
 * (spec 2 section 9).
 */
import { AppError } from '../../app/index.ts';
import type { Page } from './admin.ts';
import type { ShopifyAdminClient } from './client.ts';

export const SCRIPT_TAG_PAGE_SIZE = 100;
/** ScriptTagDisplayScope: ALL and ORDER_STATUS are deprecated; only the storefront still loads them. */
export const SCRIPT_TAG_SCOPES = ['ONLINE_STORE', 'ALL', 'ORDER_STATUS'] as const;
export type ScriptTagDisplayScope = (typeof SCRIPT_TAG_SCOPES)[number];

const SCRIPT_TAG = 'id legacyResourceId src displayScope cache createdAt updatedAt';
const USER_ERRORS = 'userErrors { field message }';

export const SCRIPT_TAGS = `query ScriptTags($first: Int!, $after: String, $src: URL) {
  scriptTags(first: $first, after: $after, src: $src) { nodes { ${SCRIPT_TAG} } pageInfo { hasNextPage endCursor } }
}`;

export const SCRIPT_TAG_CREATE = `mutation ScriptTagCreate($input: ScriptTagInput!) {
  scriptTagCreate(input: $input) { scriptTag { ${SCRIPT_TAG} } ${USER_ERRORS} }
}`;

export const SCRIPT_TAG_DELETE = `mutation ScriptTagDelete($id: ID!) {
  scriptTagDelete(id: $id) { deletedScriptTagId ${USER_ERRORS} }
}`;

export interface ScriptTagInfo {
  id: string;
  legacyResourceId: string;
  src: string;
  displayScope: ScriptTagDisplayScope;
  cache: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ScriptTagPage {
  scriptTags: ScriptTagInfo[];
  hasNextPage: boolean;
  /** Pass as `after` for the next page. */
  endCursor: string | null;
}

type UserError = { field: string[] | null; message: string };

const refused = (action: string, errors: UserError[]): AppError =>
  new AppError(
    'upstream',
    `Shopify refused to ${action} the script tag: ${errors.map((error) => error.message).join('; ')}`,
    { code: 'shopify_script_tag_refused', details: { userErrors: errors.map((error) => error.message) } },
  );

/** A script tag's global id from a gid or its numeric id. */
export const scriptTagGid = (id: string | number): string =>
  String(id).startsWith('gid://') ? String(id) : `gid://shopify/ScriptTag/${String(id).trim()}`;

/** One page of the shop's script tags (100), optionally only those loading `src`. */
export async function listScriptTags(
  client: ShopifyAdminClient,
  { after, src }: { after?: string | null; src?: string | null } = {},
): Promise<ScriptTagPage> {
  const data = await client.request<{ scriptTags: Page<ScriptTagInfo> }>(SCRIPT_TAGS, {
    first: SCRIPT_TAG_PAGE_SIZE,
    after: after ?? null,
    src: src ?? null,
  });
  const page = data.scriptTags;
  return { scriptTags: page.nodes, hasNextPage: page.pageInfo.hasNextPage, endCursor: page.pageInfo.endCursor };
}

/** Every script tag of the shop, a page of 100 at a time. */
export async function listAllScriptTags(client: ShopifyAdminClient): Promise<ScriptTagInfo[]> {
  const all: ScriptTagInfo[] = [];
  let after: string | null = null;
  do {
    const page = await listScriptTags(client, { after });
    all.push(...page.scriptTags);
    after = page.hasNextPage ? page.endCursor : null;
  } while (after);
  return all;
}

export async function createScriptTag(
  client: ShopifyAdminClient,
  input: { src: string; displayScope?: ScriptTagDisplayScope; cache?: boolean },
): Promise<ScriptTagInfo> {
  const { scriptTagCreate: result } = await client.request<{
    scriptTagCreate: { scriptTag: ScriptTagInfo | null; userErrors: UserError[] };
  }>(SCRIPT_TAG_CREATE, {
    input: { src: input.src, displayScope: input.displayScope ?? 'ONLINE_STORE', cache: input.cache ?? false },
  });
  if (result.userErrors.length > 0 || !result.scriptTag) throw refused('create', result.userErrors);
  return result.scriptTag;
}

/** Deletes a script tag; returns the deleted id. */
export async function deleteScriptTag(client: ShopifyAdminClient, id: string | number): Promise<string> {
  const { scriptTagDelete: result } = await client.request<{
    scriptTagDelete: { deletedScriptTagId: string | null; userErrors: UserError[] };
  }>(SCRIPT_TAG_DELETE, { id: scriptTagGid(id) });
  if (result.userErrors.length > 0 || !result.deletedScriptTagId) throw refused('delete', result.userErrors);
  return result.deletedScriptTagId;
}
