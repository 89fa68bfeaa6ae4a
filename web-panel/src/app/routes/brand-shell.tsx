/**
 * `/b/:brandId`: admits the brand through the API (a brand the session may not read answers 404
 * like a missing one, and the page says "not found"), then renders the brand's pages with the
 * brand's locale, currency and time zone. Pages remount on a brand change, so no figure of one
 * brand is ever shown under another.
 */
import { Outlet, useParams } from 'react-router';
import { ErrorState } from '../../components/ui/state-panel.tsx';
import { useBrandQuery } from '../../features/brands/api/get-brand.ts';
import { BrandProvider, brandOf } from '../../lib/brand.tsx';
import { Shell } from '../shell.tsx';
import NotFound from './not-found.tsx';

export default function BrandShell() {
  const { brandId } = useParams();
  const id = Number(brandId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <AdmittedBrand id={id} />;
}

function AdmittedBrand({ id }: { id: number }) {
  const brand = useBrandQuery(id);
  if (brand.isPending)
    return (
      <Shell>
        <div className="state state-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the brand…
        </div>
      </Shell>
    );
  if (brand.isError) {
    if ((brand.error as { status?: number }).status === 404) return <NotFound />;
    return (
      <Shell>
        <ErrorState error={brand.error} onRetry={() => void brand.refetch()} />
      </Shell>
    );
  }
  const value = brandOf(brand.data);
  return (
    <BrandProvider brand={value}>
      <Shell brand={value}>
        <Outlet key={value.id} />
      </Shell>
    </BrandProvider>
  );
}
