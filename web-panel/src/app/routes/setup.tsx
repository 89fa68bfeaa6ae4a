/** `/setup` (placeholder). */
import { AuthCard } from '../../features/auth/components/auth-card.tsx';

export default function SetupPage() {
  return (
    <AuthCard title="Set up your account">
      <p className="muted">This page is on its way.</p>
    </AuthCard>
  );
}
