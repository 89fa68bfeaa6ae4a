/** `Insights` page (placeholder): insights by category and tag, example messages; KB cards. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function InsightsPage() {
  return (
    <>
      <PageHeader title="Insights" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
