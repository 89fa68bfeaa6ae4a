/** The brand's ads as cards: the first image, when and for what, how many concepts; each opens its gallery. */
import { Link, useLocation } from 'react-router';
import { formatDateTime, type Locale } from '../../../lib/format.ts';
import type { AdSummary } from '../api/types.ts';
import { adTitle, siteOf } from './words.ts';

export function AdCards({ items, locale, selected }: { items: AdSummary[]; locale: Locale; selected?: number }) {
  const { search } = useLocation();
  // The page (and anything else in the URL) stays; only the open ad changes.
  const open = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('ad', String(id));
    return `?${next.toString()}`;
  };
  return (
    <ul className="ad-cards">
      {items.map((ad) => (
        <li key={ad.id} className={ad.id === selected ? 'ad-card card is-selected' : 'ad-card card'}>
          <Link to={open(ad.id)} aria-current={ad.id === selected ? 'true' : undefined}>
            {ad.cover_url ? (
              <img src={ad.cover_url} alt={`First image of ${adTitle(ad, locale)}`} loading="lazy" />
            ) : (
              <span className="ad-card-empty">No image</span>
            )}
            <span className="ad-card-title">{adTitle(ad, locale)}</span>
          </Link>
          <span className="muted">
            {formatDateTime(ad.created_at, locale)} · {ad.concepts} concept{ad.concepts === 1 ? '' : 's'} ·{' '}
            {ad.dimensions ?? ''}
          </span>
          {ad.website ? <span className="muted ad-card-site">{siteOf(ad.website)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
