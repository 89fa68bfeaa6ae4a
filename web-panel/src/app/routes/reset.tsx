/** `/reset` (placeholder). */
import { AuthCard } from '../../features/auth/components/auth-card.tsx';

export default function ResetPage() {
  return (
    <AuthCard title="Choose a new password">
      <p className="muted">This page is on its way.</p>
    </AuthCard>
  );
}
