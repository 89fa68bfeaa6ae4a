/** Each page's own title in the browser tab and history: "Workflows · Reclaim". */
import { useEffect } from 'react';

export const pageTitle = (title: string): string => (title ? `${title} · Reclaim` : 'Reclaim');

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
