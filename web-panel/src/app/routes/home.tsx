/** `/b/:brandId` (placeholder): the period's figures, chart, funnel, lift and live feed. */
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useBrand } from '../../lib/brand.tsx';

export default function HomePage() {
  const brand = useBrand();
  return (
    <>
      <PageHeader title={brand.name} />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
