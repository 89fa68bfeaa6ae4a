import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';

/** A page's title (the one h1, and the browser tab's title) with its actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </div>
  );
}
