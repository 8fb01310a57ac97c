import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  useLocation,
} from '@tanstack/react-router';
import { type ComponentType, useEffect } from 'react';
import { PublicLayout } from './components/public/PublicLayout';
import { applyPageHead } from './lib/head';
import { pageTitle } from './title';
import Landing from './pages/public/Landing';
import NotFound from './pages/public/NotFound';

/**
 * Code-based routes (spec section 2). The landing page and the public layout are the first bundle;
 * every other page, the admin shell and each admin screen load on demand: a route is one line,
 * `page(parent, path, () => import('./…/Page'))`, in the list of its kind below (src/client/README.md,
 * "Adding a page").
 */
/**
 * Every route names itself in the browser tab ("Pricing · Polyglot", "Tickets · Dashboard"); public
 * pages also set their description and canonical link (lib/head.ts).
 */
function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
    applyPageHead(pathname);
  }, [pathname]);
  return <Outlet />;
}

type Load = () => Promise<{ default: ComponentType }>;
/** The Mantine styles a lazy route loads with it: every one (styles/app.ts) unless it names fewer. */
type Styles = () => Promise<unknown>;
const allStyles: Styles = () => import('./styles/app');
/** Contact's few components beyond the landing's and ServerProviders' toasts (styles/public.ts). */
const publicStyles: Styles = () => import('./styles/public');
/** Pricing's few components beyond the landing's (styles/pricing.ts). */
const pricingStyles: Styles = () => import('./styles/pricing');

/** A page loaded on demand with its Mantine styles (every one by default): the default export of load(). */
function lazyPage(load: Load, styles: Styles = allStyles) {
  return lazyRouteComponent(() => Promise.all([styles(), load()]).then(([, m]) => m));
}

/** A lazily loaded route at `path` under `parent`. */
function page<TParent extends AnyRoute, TPath extends string>(
  parent: () => TParent,
  path: TPath,
  load: Load,
  styles?: Styles,
) {
  return createRoute({ getParentRoute: parent, path, component: lazyPage(load, styles) });
}

const rootRoute = createRootRoute({
  component: Root,
  notFoundComponent: NotFound,
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
/** Public pages that call the server through tRPC or show toasts (forms): the providers load with them. */
const publicServer = createRoute({
  getParentRoute: () => publicLayout,
  id: 'public-server',
  component: lazyPage(() => import('./components/ServerProviders'), publicStyles),
});
/** The login screen and the dashboard: tRPC, toasts, every style. */
const appServer = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyPage(() => import('./components/ServerProviders')),
});

/** Public pages that only read public data (lib/public-query.ts) or none: no tRPC client. */
const publicPages = [
  createRoute({ getParentRoute: () => publicLayout, path: '/', component: Landing }),
  page(
    () => publicLayout,
    '/pricing',
    () => import('./pages/public/Pricing'),
    pricingStyles,
  ),
  page(
    () => publicLayout,
    '/terms',
    () => import('./pages/public/Terms'),
  ),
  page(
    () => publicLayout,
    '/privacy',
    () => import('./pages/public/Privacy'),
  ),
  page(
    () => publicLayout,
    '/setup',
    () => import('./features/setup/SetupGuidePage'),
  ),
];

/** Public pages with forms or other tRPC calls. */
const publicServerPages = [
  page(
    () => publicServer,
    '/contact',
    () => import('./pages/public/Contact'),
    publicStyles,
  ),
  page(
    () => publicServer,
    '/status',
    () => import('./features/status/StatusPage'),
  ),
];

const loginRoute = page(
  () => appServer,
  '/login',
  () => import('./pages/LoginPage'),
);

const adminRoute = createRoute({
  getParentRoute: () => appServer,
  path: '/admin',
  // Every admin screen may carry ?guildId= (the guild picker); other search values pass through.
  validateSearch: (search: Record<string, unknown>): { guildId?: string } => ({
    ...search,
    guildId: typeof search.guildId === 'string' && search.guildId !== '' ? search.guildId : undefined,
  }),
  component: lazyPage(() => import('./components/shell/AdminLayout')),
});

const admin = () => adminRoute;
/** Spec section 2's table; each screen is the default export of features/<capability>/<Name>Page.tsx. */
const adminRoutes = [
  page(admin, '/', () => import('./features/stats/DashboardPage')),
  page(admin, 'dashboard', () => import('./features/stats/DashboardPage')),
  page(admin, 'translation', () => import('./features/translation/TranslationPage')),
  page(admin, 'channels', () => import('./features/channels/ChannelsPage')),
  page(admin, 'announcements', () => import('./features/announcements/AnnouncementsPage')),
  page(admin, 'tickets', () => import('./features/tickets/TicketsPage')),
  page(admin, 'polls', () => import('./features/polls/PollsPage')),
  page(admin, 'welcome', () => import('./features/welcome/WelcomePage')),
  page(admin, 'moderation', () => import('./features/moderation/ModerationPage')),
  page(admin, 'language-learning', () => import('./features/learning/LanguageLearningPage')),
  page(admin, 'voice-translation', () => import('./features/voice/VoiceTranslationPage')),
  page(admin, 'integrations', () => import('./features/integrations/IntegrationsPage')),
  page(admin, 'analytics', () => import('./features/analytics/AnalyticsPage')),
  page(admin, 'settings', () => import('./features/settings/SettingsPage')),
  // The operator's contact inbox (not in the spec's table; its nav entry shows for the operator only).
  page(admin, 'inbox', () => import('./features/contact/InboxPage')),
];

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([...publicPages, publicServer.addChildren(publicServerPages)]),
  appServer.addChildren([loginRoute, adminRoute.addChildren(adminRoutes)]),
]);

/** Search values stay plain strings (Discord ids are 18-digit numbers: never parse them as JSON). */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The site's router: over the browser's history, or `history` (the build's prerender: a memory one). */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // The browser's only: on the server the router would write an inline script into the page.
    scrollRestoration: !history,
    defaultNotFoundComponent: NotFound,
  });
}
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
