/**
 * The processes that follow a store event, as the store adapters call them (see
 * src/stores/effects.ts): the webhook processors and the install routes are given these.
 */
import type { StoreEffects } from '../stores/index.ts';
import { orderCompleted } from './order-completed.ts';
import { shopperConversations } from './privacy-export.ts';
import { redactShopperData } from './privacy-redaction.ts';
import { storeCancelled } from './store-cancelled.ts';
import { STORE_INSTALLED } from './store-installed.ts';
import { storeReauthorized } from './store-reauthorized.ts';

export const STORE_EFFECTS: StoreEffects = {
  orderSaved: orderCompleted,
  storeCancelled,
  shopperConversations,
  redactShopper: redactShopperData,
  ...STORE_INSTALLED,
  storeReauthorized,
};
