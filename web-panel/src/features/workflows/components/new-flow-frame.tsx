/**
 * The frame of a new-flow page (keyword or scheduled): the way back, the title, what the flow
 * does, and, while the options load, the state panel; a member sees why the form is disabled.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import { useBrand } from '../../../lib/brand.tsx';
import type { useFlowOptions } from '../api/get-flow-options.ts';

export function NewFlowFrame({
  title,
  intro,
  options,
  label,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  options: ReturnType<typeof useFlowOptions>;
  label: string;
  children: React.ReactNode;
}) {
  const brand = useBrand();
  const canStart = options.data?.can_start === true;
  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/workflows`}>← All workflows</Link>
      </p>
      <PageHeader title={title} />
      <p className="muted">{intro}</p>
      <StatePanel
        loading={options.isPending}
        error={options.error}
        onRetry={() => void options.refetch()}
        minHeight={300}
        label={label}
      >
        {!canStart && options.data?.reason ? (
          <p className="notice" role="note" data-testid="role-reason">
            {options.data.reason}
          </p>
        ) : null}
        {children}
      </StatePanel>
    </>
  );
}
