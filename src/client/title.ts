import { activePage } from './components/shell/nav';

export const SITE_NAME = 'Polyglot';
const HOME_TITLE = 'Polyglot: AI translation for Discord communities';

const PUBLIC_TITLES: Record<string, string> = {
  '/pricing': 'Pricing',
  '/contact': 'Contact',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/setup': 'Setting up the bot',
  '/login': 'Log in',
};

/** The browser tab's title for a path: "Pricing · Polyglot", "Tickets · Dashboard". */
export function pageTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return HOME_TITLE;
  if (path === '/admin' || path.startsWith('/admin/')) {
    const page = activePage(path);
    if (!page) return `Page not found · Dashboard`;
    return page.to === '/admin' ? `Dashboard · ${SITE_NAME}` : `${page.label} · Dashboard`;
  }
  const name = PUBLIC_TITLES[path];
  return name ? `${name} · ${SITE_NAME}` : `Page not found · ${SITE_NAME}`;
}
