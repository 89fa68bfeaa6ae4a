/**
 * The brand of the page (`/b/:brandId`): its id, name and the locale, currency and time zone every
 * figure and time of the page is shown in. The brand shell provides it once the API admitted it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type Locale } from './format.ts';

export interface Brand extends Locale {
  id: number;
  name: string;
  domain: string | null;
}

const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The current brand; only inside `/b/:brandId` pages. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() outside a brand page');
  return brand;
}

/** A brand as the API describes it, with the locale and currency the panel formats with. */
export function brandOf(api: {
  id: number;
  name: string;
  domain: string | null;
  timezone: string;
  currency?: string;
}): Brand {
  return {
    id: api.id,
    name: api.name,
    domain: api.domain,
    timezone: api.timezone || DEFAULT_LOCALE.timezone,
    // Brands are US stores (US texting only): numbers in en-US, money in the store's currency.
    locale: DEFAULT_LOCALE.locale,
    currency: api.currency || DEFAULT_LOCALE.currency,
  };
}
