import type { Context as HonoContext, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Services } from '../../core/services';
import { createSession, loginCodesOf, SESSION_DAYS, sessionCookie } from '../../core/admin-token';
import {
  discordLoginEnabled,
  fetchGuilds,
  fetchIdentity,
  finishLogin,
  LoginError,
  OAUTH_STATE_MINUTES,
  startLogin,
} from '../../core/discord-oauth';

/** The started login, kept in the browser (HttpOnly) between /auth/discord and its callback. */
const STATE_COOKIE = 'pb_oauth';
const STATE_PATH = '/auth/discord';

/** Only our own dashboard pages are places to return to after login. */
function safeNext(next: string | undefined): string {
  return next && /^\/admin(?:[/?#]|$)/.test(next) && !next.startsWith('//') ? next : '/admin';
}

/**
 * The host the visitor's browser asked for, when it can be known: the Host header of a direct
 * request, or X-Forwarded-Host behind TRUST_PROXY. Behind a proxy the server was not told about
 * (X-Forwarded-* present without TRUST_PROXY), or a trusted one that does not say, null.
 */
export function browserHost(services: Services, c: HonoContext): string | null {
  const forwardedHost = c.req.header('x-forwarded-host');
  if (services.env.TRUST_PROXY) return forwardedHost?.split(',')[0]?.trim().toLowerCase() || null;
  if (forwardedHost || c.req.header('x-forwarded-for') || c.req.header('forwarded')) return null;
  return c.req.header('host')?.toLowerCase() ?? null;
}

/**
 * Where to send a login start that arrived on another host than PUBLIC_URL's (say 127.0.0.1:3000
 * while PUBLIC_URL is http://localhost:3000): the same path and query on PUBLIC_URL, so the state
 * cookie is set on the host Discord returns to. Null when the host is PUBLIC_URL's or unknown (never
 * a redirect loop behind a proxy that rewrites Host).
 */
export function publicUrlRedirect(services: Services, c: HonoContext): string | null {
  const host = browserHost(services, c);
  const publicUrl = new URL(services.env.PUBLIC_URL);
  if (!host || host === publicUrl.host) return null;
  const { pathname, search } = new URL(c.req.url);
  return `${publicUrl.origin}${pathname}${search}`;
}

/**
 * GET /login?code=...: the one-time link the server prints at start. A live code opens an operator
 * session (cookie) and goes to /admin; a used, expired or unknown one ends on /login?error=link.
 * GET /login?token=... no longer logs in (a token in a URL lands in logs and browser history): it
 * goes to /login?error=token-link, without the token. Plain /login is the page.
 */
export function mountLoginLink(app: Hono, services: Services): void {
  app.get('/login', async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    if (query.has('code') || query.has('token')) c.header('Cache-Control', 'no-store');
    if (query.has('code')) {
      if (!loginCodesOf(services).redeem(query.get('code') ?? ''))
        return c.redirect('/login?error=link', 302);
      const { cookieValue } = await createSession(services.db, services.clock());
      const secure = services.env.PUBLIC_URL.startsWith('https:');
      c.header('Set-Cookie', sessionCookie(cookieValue, SESSION_DAYS * 86_400, secure), { append: true });
      return c.redirect('/admin', 302);
    }
    if (query.has('token')) return c.redirect('/login?error=token-link', 302);
    return next();
  });
}

/**
 * GET /auth/discord starts Login with Discord (302 to Discord's consent page); GET
 * /auth/discord/callback finishes it: session cookie, then 302 to the dashboard. Every failure ends
 * on /login?error=<reason>, where the page says it in a plain sentence; nothing is written.
 */
export function mountDiscordAuth(app: Hono, services: Services): void {
  const secure = () => services.env.PUBLIC_URL.startsWith('https:');

  app.get('/auth/discord', async (c) => {
    // Started on another address than PUBLIC_URL's: start again there (state cookie, callback).
    const there = publicUrlRedirect(services, c);
    if (there) return c.redirect(there, 302);
    if (!discordLoginEnabled(services.env)) return c.redirect('/login?error=disabled', 302);
    const started = await startLogin(services.env);
    const value = Buffer.from(
      JSON.stringify({ s: started.state, v: started.verifier, n: safeNext(c.req.query('next')) }),
    ).toString('base64url');
    setCookie(c, STATE_COOKIE, value, {
      path: STATE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(),
      maxAge: OAUTH_STATE_MINUTES * 60,
    });
    return c.redirect(started.url, 302);
  });

  app.get('/auth/discord/callback', async (c) => {
    const raw = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: STATE_PATH });
    const fail = (reason: string) => c.redirect(`/login?error=${reason}`, 302);
    if (!discordLoginEnabled(services.env)) return fail('disabled');
    let expected: { s: string; v: string; n: string };
    try {
      expected = JSON.parse(Buffer.from(raw ?? '', 'base64url').toString('utf8'));
      if (typeof expected.s !== 'string' || typeof expected.v !== 'string') throw new Error('bad state');
    } catch {
      return fail(new URL(c.req.url).searchParams.get('error') ? 'denied' : 'state');
    }
    try {
      const callbackUrl = new URL(c.req.url);
      const token = await finishLogin(services.env, callbackUrl, { state: expected.s, verifier: expected.v });
      const [me, guilds] = await Promise.all([
        fetchIdentity(services.env, token),
        fetchGuilds(services.env, token),
      ]);
      const { cookieValue } = await createSession(services.db, services.clock(), {
        discordUserId: me.id,
        username: me.globalName ?? me.username,
        avatar: me.avatar,
        accessToken: token,
        guilds,
      });
      c.header('Set-Cookie', sessionCookie(cookieValue, SESSION_DAYS * 86_400, secure()), { append: true });
      return c.redirect(safeNext(expected.n), 302);
    } catch (err) {
      if (err instanceof LoginError) {
        console.warn(`Login with Discord failed (${err.reason}): ${err.message}`);
        return fail(err.reason);
      }
      console.error('Login with Discord failed:', err);
      return fail('unavailable');
    }
  });
}
