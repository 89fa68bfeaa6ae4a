/**
 * `/b/:brandId/workflows/new`: a new workflow from one of the six templates, or blank (a type and
 * a name). It is created as a paused draft and opens in the editor.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { useCreateWorkflow } from '../../features/workflows/api/create-workflow.ts';
import { useWorkflowEditor } from '../../features/workflows/api/get-workflow-editor.ts';
import { delayInWords } from '../../features/workflows/components/words.ts';
import '../../features/workflows/components/workflows.css';
import { useBrand } from '../../lib/brand.tsx';

const BLANK_TYPES: Array<[string, string]> = [
  ['checkout', 'Abandoned checkout: texts after a checkout is left'],
  ['cart', 'Abandoned cart: texts after a cart is left'],
  ['order', 'Post purchase: texts after an order'],
];

export default function NewWorkflowPage() {
  const brand = useBrand();
  const id = useId();
  const navigate = useNavigate();
  const options = useWorkflowEditor(brand.id);
  const create = useCreateWorkflow(brand.id);
  const [type, setType] = useState('checkout');
  const [name, setName] = useState('');
  const open = (workflowId: number) => navigate(`/b/${brand.id}/workflows/${workflowId}/edit`);

  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/workflows`}>← All workflows</Link>
      </p>
      <PageHeader title="New workflow" />
      <p className="muted">A new workflow is a paused draft: nothing is sent until you activate it from the editor.</p>
      <FormError message={create.error ? errorMessage(create.error) : null} />
      <StatePanel
        loading={options.isPending}
        error={options.error}
        onRetry={() => void options.refetch()}
        minHeight={300}
        label="the templates"
      >
        <section aria-labelledby={`${id}-templates`} className="section">
          <h2 id={`${id}-templates`}>Start from a template</h2>
          <ul className="template-grid">
            {options.data?.templates.map((t) => (
              <li key={t.key} className="card template-card">
                <h3>{t.name}</h3>
                <p>{t.description.charAt(0).toUpperCase() + t.description.slice(1)}.</p>
                <p className="muted">
                  {delayInWords(t.type, t.delay_minutes, brand.locale)}; {t.discount.value}% off, codes valid for{' '}
                  {t.discount.duration_days} days.
                </p>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={create.isPending}
                  aria-label={`Use the ${t.name} template`}
                  onClick={() => create.mutate({ template: t.key }, { onSuccess: (w) => open(w.id) })}
                >
                  Use this template
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-blank`} className="section card">
          <h2 id={`${id}-blank`}>Or start blank</h2>
          <form
            className="blank-form"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ type, name }, { onSuccess: (w) => open(w.id) });
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-type`}>What starts it</label>
              <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)}>
                {BLANK_TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <button type="submit" className="button" disabled={create.isPending}>
              Create blank draft
            </button>
          </form>
        </section>
      </StatePanel>
    </>
  );
}
