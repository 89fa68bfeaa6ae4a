/**
 * `/b/:brandId/knowledge`: the knowledge base the agent answers shoppers from. Add a card; search,
 * edit, publish or unpublish and delete cards (each with its source and who wrote it); answer the
 * questions the agent escalated and save them as cards. A member's controls that need an admin are
 * disabled with the reason. Search, status and page live in the URL.
 */
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EscalationsPanel } from '../../features/insights/components/escalations-panel.tsx';
import '../../features/insights/components/insights.css';
import { KbNewCard } from '../../features/insights/components/kb-new-card.tsx';
import { KbPanel } from '../../features/insights/components/kb-panel.tsx';
import { useBrand } from '../../lib/brand.tsx';
import { useBrandRole } from '../../lib/role.ts';

export default function KnowledgePage() {
  const brand = useBrand();
  const role = useBrandRole(brand.id);
  return (
    <>
      <PageHeader title="Knowledge base" />
      <p className="muted">
        The agent answers shoppers’ questions from your published cards. Drafts and unpublished cards are kept, not
        used.
        {role.data ? ` You are ${role.data.role === 'admin' ? 'an admin' : 'a member'} of this brand.` : ''}
      </p>
      <KbNewCard brandId={brand.id} role={role.data} />
      <section className="section card" aria-labelledby="kb-cards">
        <h2 id="kb-cards">Cards</h2>
        <KbPanel brand={brand} />
      </section>
      <section className="section" aria-labelledby="kb-escalations">
        <h2 id="kb-escalations">Questions to answer</h2>
        <EscalationsPanel brand={brand} />
      </section>
    </>
  );
}
