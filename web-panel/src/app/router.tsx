/**
 * The panel's routes (PANEL.md, Pages). Every page is its own lazy chunk, so the first load
 * carries only the shell; the inbox and the charts load when opened. Pages behind sign-in sit
 * under RequireAuth; brand pages under the brand shell, which admits the brand through the API.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './require-auth.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', lazy: page(() => import('./routes/login.tsx')) },
      { path: '/forgot', lazy: page(() => import('./routes/forgot.tsx')) },
      { path: '/reset', lazy: page(() => import('./routes/reset.tsx')) },
      { path: '/setup', lazy: page(() => import('./routes/setup.tsx')) },
      // The mailed links (src/notifications/templates.ts: SETUP_PATH, RESET_PATH).
      { path: '/account/reset', lazy: page(() => import('./routes/reset.tsx')) },
      { path: '/account/setup', lazy: page(() => import('./routes/setup.tsx')) },
      { path: '/auth/redirect', lazy: page(() => import('./routes/auth-redirect.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          { index: true, lazy: page(() => import('./routes/start.tsx')) },
          { path: '/brands', lazy: page(() => import('./routes/brands.tsx')) },
          { path: '/notifications', lazy: page(() => import('./routes/notifications.tsx')) },
          { path: '/account', lazy: page(() => import('./routes/account.tsx')) },
          {
            path: '/b/:brandId',
            lazy: page(() => import('./routes/brand-shell.tsx')),
            children: [
              { index: true, lazy: page(() => import('./routes/home.tsx')) },
              { path: 'conversations', lazy: page(() => import('./routes/conversations.tsx')) },
              { path: 'conversations/:conversationId', lazy: page(() => import('./routes/conversation.tsx')) },
              { path: 'workflows', lazy: page(() => import('./routes/workflows.tsx')) },
              { path: 'workflows/new', lazy: page(() => import('./routes/workflow-new.tsx')) },
              { path: 'workflows/new/scheduled', lazy: page(() => import('./routes/flow-new-scheduled.tsx')) },
              { path: 'workflows/new/keyword', lazy: page(() => import('./routes/flow-new-keyword.tsx')) },
              { path: 'workflows/:workflowId', lazy: page(() => import('./routes/workflow.tsx')) },
              { path: 'workflows/:workflowId/edit', lazy: page(() => import('./routes/workflow-edit.tsx')) },
              { path: 'insights', lazy: page(() => import('./routes/insights.tsx')) },
              { path: 'knowledge', lazy: page(() => import('./routes/knowledge.tsx')) },
              { path: 'segments', lazy: page(() => import('./routes/segments.tsx')) },
              { path: 'campaigns', lazy: page(() => import('./routes/campaigns.tsx')) },
              { path: 'campaigns/new', lazy: page(() => import('./routes/campaign-new.tsx')) },
              { path: 'campaigns/:campaignId', lazy: page(() => import('./routes/campaign.tsx')) },
              { path: 'ads', lazy: page(() => import('./routes/ads.tsx')) },
              { path: 'settings', lazy: page(() => import('./routes/settings.tsx')) },
              { path: 'settings/plan', lazy: page(() => import('./routes/settings-plan.tsx')) },
              { path: 'settings/texting', lazy: page(() => import('./routes/settings-texting.tsx')) },
              { path: 'settings/integrations', lazy: page(() => import('./routes/settings-integrations.tsx')) },
              { path: 'settings/team', lazy: page(() => import('./routes/settings-team.tsx')) },
              { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
