import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  useLocation,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicLayout } from './components/public/PublicLayout';
import { pageTitle } from './lib/title';
import Landing from './pages/public/Landing';
import NotFound from './pages/public/NotFound';

/**
 * Code-based routes (spec section 2). The landing page is in the first bundle; every other page,
 * the admin shell and each admin screen load on demand.
 */
/** Every route names itself in the browser tab ("Pricing · Polyglot", "Tickets · Dashboard"). */
function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return <Outlet />;
}

const rootRoute = createRootRoute({
  component: Root,
  notFoundComponent: NotFound,
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

const publicRoutes = [
  createRoute({ getParentRoute: () => publicLayout, path: '/', component: Landing }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/pricing',
    component: lazyRouteComponent(() => import('./pages/public/Pricing')),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/contact',
    component: lazyRouteComponent(() => import('./pages/public/Contact')),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/terms',
    component: lazyRouteComponent(() => import('./pages/public/Terms')),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/privacy',
    component: lazyRouteComponent(() => import('./pages/public/Privacy')),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/status',
    component: lazyRouteComponent(() => import('./features/status/StatusPage')),
  }),
];

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('./pages/LoginPage')),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // Every admin screen may carry ?guildId= (the guild picker); other search values pass through.
  validateSearch: (search: Record<string, unknown>): { guildId?: string } => ({
    ...search,
    guildId: typeof search.guildId === 'string' && search.guildId !== '' ? search.guildId : undefined,
  }),
  component: lazyRouteComponent(() => import('./components/shell/AdminLayout')),
});

function adminScreen<P extends string>(path: P, load: Parameters<typeof lazyRouteComponent>[0]) {
  return createRoute({ getParentRoute: () => adminRoute, path, component: lazyRouteComponent(load) });
}

/** Spec section 2's table; each screen is the default export of pages/admin/<Name>.tsx. */
const adminRoutes = [
  adminScreen('/', () => import('./features/stats/DashboardPage')),
  adminScreen('dashboard', () => import('./features/stats/DashboardPage')),
  adminScreen('translation', () => import('./features/translation/TranslationPage')),
  adminScreen('channels', () => import('./features/channels/ChannelsPage')),
  adminScreen('announcements', () => import('./features/announcements/AnnouncementsPage')),
  adminScreen('tickets', () => import('./features/tickets/TicketsPage')),
  adminScreen('polls', () => import('./features/polls/PollsPage')),
  adminScreen('welcome', () => import('./features/welcome/WelcomePage')),
  adminScreen('moderation', () => import('./features/moderation/ModerationPage')),
  adminScreen('language-learning', () => import('./features/learning/LanguageLearningPage')),
  adminScreen('voice-translation', () => import('./features/voice/VoiceTranslationPage')),
  adminScreen('analytics', () => import('./features/analytics/AnalyticsPage')),
  adminScreen('settings', () => import('./features/settings/SettingsPage')),
  // The operator's contact inbox (not in the spec's table; its nav entry shows for the operator only).
  adminScreen('inbox', () => import('./features/contact/InboxPage')),
];

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(publicRoutes),
  loginRoute,
  adminRoute.addChildren(adminRoutes),
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

export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
