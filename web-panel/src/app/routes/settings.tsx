/** `Settings` page (placeholder): store connection, texting number, quiet hours, attribution windows, holdout, plan and charges. */
import { PageHeader } from '../../components/ui/page-header.tsx';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <p className="muted">This page is on its way.</p>
    </>
  );
}
