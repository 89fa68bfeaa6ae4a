/**
 * What a store event sets off outside the store domain. The store adapters call these at the
 * points each one names; the processes in src/flows provide them, so the store domain knows
 * nothing of accounts, attribution, billing, conversations or workflows.
 */
import type { AppContext } from '../app/index.ts';
import type { Handle, Tx } from '../db/index.ts';
import type { StorePlatform } from './integrations/store.ts';
import type { OrderState } from './rules.ts';

/** An order as an event left it. */
export interface SavedOrder {
  id: number;
  brandId: number;
  state: OrderState;
}

/** The brand can no longer be billed through its store. */
export interface StoreCancellation {
  brandId: number;
  /** The store integration that was disconnected or whose plan changed. */
  brandIntegrationId: number;
  /** 'app_uninstalled', or 'shop_plan_<plan>' for a cancelled, dormant, frozen or fraudulent shop. */
  reason: string;
  source: StorePlatform;
  /** What identifies the store and the event, kept with the record. */
  extra: Record<string, unknown>;
}

/** The contacts of one shopper (or of every shopper of a shop) at a brand. */
export interface ShopperScope {
  brandId: number;
  contactIds: number[];
}

export interface ShopperRedaction extends ShopperScope {
  /** The shopper's orders (already stripped of personal fields in the store's own rows). */
  orderIds: number[];
  /** A copy of a stored JSON value without what identifies the shopper. */
  strip: (value: unknown) => unknown;
  /** The text that replaces an erased one ('[redacted]'). */
  marker: string;
}

/** The tenant and its one brand an install creates for a store that has no brand yet. */
export interface InstalledBrandInput {
  tenant: { name: string; email?: string | null; type?: 'brand'; extra_data?: Record<string, unknown> };
  brand: {
    name: string;
    domain: string | null;
    support_email?: string | null;
    timezone?: string;
    extra_data: Record<string, unknown>;
  };
}

/** The store's real details for a brand an install created as a placeholder. */
export interface PlaceholderAdoption {
  /** The mark the placeholder carries in `extra_data.placeholder`. */
  placeholder: string;
  name: string;
  domain: string | null;
  timezone: string | null;
  email: string | null;
}

/** A user signed in again through the store (install callback with fresh credentials, app open). */
export interface StoreReauthorization {
  brandId: number;
  brandIntegrationId: number;
  source: StorePlatform;
}

export interface StoreEffects {
  /**
   * An event created or updated an order (or deleted it: state cancelled). Called after the
   * order's transaction committed; a failure fails the event, whose retry saves the order again
   * and calls this again.
   */
  orderSaved(ctx: AppContext, order: SavedOrder): Promise<void>;
  /** Called inside the transaction that disconnected the store or recorded its plan. */
  storeCancelled(tx: Tx, cancellation: StoreCancellation): Promise<void>;
  /** The shopper's conversations with their messages, for a privacy data request. */
  shopperConversations(db: Handle, shopper: ShopperScope): Promise<Record<string, unknown>[]>;
  /**
   * Erases the shopper's data held outside the store domain, inside the redaction's transaction.
   * The counts join the privacy request's record.
   */
  redactShopper(tx: Tx, shopper: ShopperRedaction): Promise<Record<string, number>>;
  /** True when the brand exists; inside the install's transaction. */
  brandExists(tx: Tx, brandId: number): Promise<boolean>;
  /** The oldest brand whose domain is the store's, inside the install's transaction. */
  findBrandByDomain(tx: Tx, domain: string): Promise<number | undefined>;
  /** Creates a tenant and its brand for a store installed without one; returns the brand's id. */
  createInstalledBrand(tx: Tx, input: InstalledBrandInput): Promise<number>;
  /**
   * Gives a brand still marked as the install's placeholder the store's real details, inside the
   * transaction that stores the shop's info. False when the brand is not such a placeholder.
   */
  adoptPlaceholderBrand(tx: Tx, brandId: number, adoption: PlaceholderAdoption): Promise<boolean>;
  /**
   * A user signed in again through the store: the brand's disconnected messaging integrations are
   * reconnected (spec 2 section 4). Inside the transaction that stored the fresh credentials;
   * returns the ids of the integrations reconnected.
   */
  storeReauthorized(db: Handle, reauth: StoreReauthorization): Promise<number[]>;
}
