import { INDEXED_PAGES } from '../../common/pages';

/** The site's address as the server wrote it into the first page's canonical link (PUBLIC_URL). */
let siteOrigin: string | null = null;

/**
 * After a navigation: the public page's meta description and canonical link, as the server writes
 * them into a page it sends (src/server/core/http-seo.ts); no canonical link on other pages.
 */
export function applyPageHead(pathname: string): void {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  siteOrigin ??= link ? new URL(link.href).origin : window.location.origin;
  const description = INDEXED_PAGES[path];
  if (!description) {
    link?.remove();
    return;
  }
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = `${siteOrigin}${path}`;
}
