/**
 * Store reauthorized (spec 2 section 4, integration reauth): a user signed in again through the
 * store (an install callback with fresh credentials, an app open). The store integration is
 * already patched connected and enabled with its fresh credentials by the store adapter; here a
 * disconnected messaging integration of the brand is set connected and enabled again.
 */
import type { Handle } from '../db/index.ts';
import { reconnectMessagingIntegrations } from '../messaging/index.ts';
import type { StoreReauthorization } from '../stores/index.ts';

export async function storeReauthorized(db: Handle, reauth: StoreReauthorization): Promise<number[]> {
  return reconnectMessagingIntegrations(db, reauth.brandId);
}
