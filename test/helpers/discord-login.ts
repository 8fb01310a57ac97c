import type { TestServer } from './server';

/**
 * Logs a browser-less client in with Discord the way a browser would: /auth/discord, the fake
 * Discord's consent page, then the callback. Answers the session cookie and where it ended.
 */
export async function loginWithDiscord(
  server: Pick<TestServer, 'url'>,
  opts: { next?: string; tamperState?: boolean; dropStateCookie?: boolean } = {},
): Promise<{ cookie: string | null; location: string }> {
  const start = await fetch(
    `${server.url}/auth/discord${opts.next ? `?next=${encodeURIComponent(opts.next)}` : ''}`,
    {
      redirect: 'manual',
    },
  );
  if (start.status !== 302) throw new Error(`/auth/discord answered ${start.status}`);
  const stateCookie = (start.headers.get('set-cookie') ?? '').split(';')[0];
  const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  let callback = new URL(consent.headers.get('location') ?? '');
  if (opts.tamperState) callback.searchParams.set('state', 'not-the-state');
  callback = new URL(callback.pathname + callback.search, server.url);
  const done = await fetch(callback, {
    redirect: 'manual',
    headers: opts.dropStateCookie ? {} : { cookie: stateCookie },
  });
  const session = (done.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('pb_session=') && c !== 'pb_session=');
  return { cookie: session ?? null, location: done.headers.get('location') ?? '' };
}
