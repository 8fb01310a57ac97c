/**
 * Every page of the site, as the client's router (src/client/router.tsx) defines them. The server
 * answers these paths with the app and status 200, and any other page path with the app's 404 page
 * and status 404 (src/server/core/pages.ts). test/web/pages.test.ts checks this list against the
 * router's own route tree, both ways.
 */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/setup',
  '/status',
  '/login',
] as const;

/**
 * The public pages search engines may index, each with its meta description: the server writes it
 * and a canonical link into the page it sends (src/server/core/http-seo.ts) and lists these pages in
 * /sitemap.xml; the client updates both when it navigates. Every other path is `Disallow`ed in
 * /robots.txt or not a page.
 */
export const INDEXED_PAGES: Record<string, string> = {
  '/': 'Polyglot: an AI translation bot for Discord. Translate conversations in 130+ languages, link language channels, and run multilingual communities.',
  '/pricing':
    'Polyglot plans and prices: start free, upgrade when your Discord community grows. Compare what each plan includes; billed monthly, cancel any time.',
  '/contact':
    'Contact the Polyglot team: questions, bugs, ideas or sales about the Discord translation bot. Send a message and a real person answers.',
  '/terms': 'The terms of service of Polyglot, the translation bot for Discord communities.',
  '/privacy':
    'How Polyglot, the translation bot for Discord communities, handles your data: what it keeps and for how long.',
  '/setup':
    'Set up the Polyglot translation bot on your Discord server: create the application, invite the bot, grant its permissions and link your language channels.',
  '/status':
    'Polyglot service status: uptime of the website, each bot shard and each translation provider lane over 24 hours, 7 days and 90 days, measured by the service itself, with incidents.',
};

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
  'integrations',
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
