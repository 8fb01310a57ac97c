/** Spec section 9: the sidebar's open/closed state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const MAX_AGE_S = 7 * 24 * 60 * 60;

/** true = expanded (the default), false = collapsed to icons. */
export function readSidebarCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  if (!match) return true;
  return match.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

export function writeSidebarCookie(expanded: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small preference cookie; the Cookie Store API is not everywhere yet
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax`;
}
