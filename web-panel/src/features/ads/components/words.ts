/** An ad in the brand's words: its title (what it is for, else when it was made) and the site's address. */
import { formatDateTime, type Locale } from '../../../lib/format.ts';

export const adTitle = (ad: { campaign: string | null; created_at: string }, locale: Locale): string =>
  ad.campaign ?? `Ad of ${formatDateTime(ad.created_at, locale)}`;

/** The website read, as its host (northwind.example.com), not a whole URL that breaks mid-line. */
export function siteOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
