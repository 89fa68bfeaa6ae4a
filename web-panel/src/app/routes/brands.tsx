/** `/brands` (placeholder): the brands the session may see. */
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Shell } from '../shell.tsx';

export default function BrandsPage() {
  return (
    <Shell>
      <PageHeader title="Brands" />
      <p className="muted">This page is on its way.</p>
    </Shell>
  );
}
