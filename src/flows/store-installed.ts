/**
 * Store installed: a Shopify or BigCommerce install finds, creates or adopts the brand its store
 * belongs to. Brands and tenants are the accounts domain's; each call runs in the install's own
 * transaction, so an integration is never stored without its brand.
 */
import { adoptPlaceholderBrand, brandExists, createInstalledBrand, findBrandByDomain } from '../accounts/index.ts';
import type { StoreEffects } from '../stores/index.ts';

export const STORE_INSTALLED: Pick<
  StoreEffects,
  'brandExists' | 'findBrandByDomain' | 'createInstalledBrand' | 'adoptPlaceholderBrand'
> = {
  brandExists: (tx, brandId) => brandExists(tx, brandId),
  findBrandByDomain: (tx, domain) => findBrandByDomain(tx, domain),
  createInstalledBrand: (tx, input) => createInstalledBrand(tx, input),
  adoptPlaceholderBrand: (tx, brandId, adoption) => adoptPlaceholderBrand(tx, brandId, adoption),
};
