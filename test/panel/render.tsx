/**
 * Component tests of the panel (vitest + @testing-library/react in happy-dom): render a piece
 * with a fresh QueryClient, a router started from a URL and, for brand pages, a brand.
 *
 *   // @vitest-environment happy-dom
 *   const view = renderPanel(<PeriodPicker />, { url: '/b/1?period=7d', brand: TEST_BRAND });
 *   await userClick(view.getByRole('button', { name: 'Last 30 days' }));
 *   expect(view.location().search).toBe('?period=30d');
 *
 * `location()` is the router's current location (the URL state a link would carry).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type Location } from 'react-router';
import { BrandProvider, type Brand } from '../../web-panel/src/lib/brand.tsx';

// Each test's render is unmounted after it by test/helpers/each-file.ts (vitest's setupFiles).

export const TEST_BRAND: Brand = {
  id: 1,
  name: 'Northwind Outfitters',
  domain: 'northwind-outfitters.example',
  timezone: 'America/Los_Angeles',
  locale: 'en-US',
  currency: 'USD',
};

export interface PanelRender extends RenderResult {
  location(): Location;
  queryClient: QueryClient;
}

export function renderPanel(
  ui: ReactElement,
  options: { url?: string; path?: string; brand?: Brand } = {},
): PanelRender {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = options.brand ? <BrandProvider brand={options.brand}>{ui}</BrandProvider> : ui;
  const router = createMemoryRouter([{ path: options.path ?? '*', element }], {
    initialEntries: [options.url ?? '/'],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(view, { location: () => router.state.location, queryClient });
}
