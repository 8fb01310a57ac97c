/**
 * Every page of the site, as the client's router (src/client/router.tsx) defines them. The server
 * answers these paths with the app and status 200, and any other page path with the app's 404 page
 * and status 404 (src/server/core/pages.ts). test/web/pages.test.ts checks this list against the
 * router's own route tree, both ways.
 */
export const PUBLIC_PAGES = ['/', '/pricing', '/contact', '/terms', '/privacy', '/status', '/login'] as const;

/** The dashboard's screens, under /admin ('' is /admin itself). */
export const ADMIN_SCREENS = [
  '',
  'dashboard',
  'translation',
  'channels',
  'announcements',
  'tickets',
  'polls',
  'welcome',
  'moderation',
  'language-learning',
  'voice-translation',
  'analytics',
  'settings',
  'inbox',
] as const;

/** Every page path, without a trailing slash (except '/'). */
export const PAGE_PATHS: readonly string[] = [
  ...PUBLIC_PAGES,
  ...ADMIN_SCREENS.map((s) => (s ? `/admin/${s}` : '/admin')),
];

const KNOWN = new Set(PAGE_PATHS);

/**
 * Whether a URL path is one of the site's pages. Like the client's router: case-insensitive, one
 * trailing slash allowed.
 */
export function isPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return KNOWN.has(path.toLowerCase());
}
