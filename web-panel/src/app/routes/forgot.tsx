/** `/forgot` (placeholder). */
import { AuthCard } from '../../features/auth/components/auth-card.tsx';

export default function ForgotPage() {
  return (
    <AuthCard title="Reset your password">
      <p className="muted">This page is on its way.</p>
    </AuthCard>
  );
}
