import * as oauth from 'oauth4webapi';
import type { ManagedGuild } from '../../../db/schema';
import type { Env } from './env';

/**
 * Login with Discord: OAuth2 authorization code with state and PKCE, through oauth4webapi. The
 * endpoints derive from DISCORD_API_URL, so tests point them at a fake Discord on loopback:
 * authorize at {origin}/oauth2/authorize, token at {DISCORD_API_URL}/oauth2/token, identity at
 * {DISCORD_API_URL}/v10/users/@me(/guilds).
 */
export const OAUTH_SCOPES = 'identify guilds';
/** How long a started login may take before its state expires. */
export const OAUTH_STATE_MINUTES = 10;

export interface DiscordIdentity {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
}

/** Why a login did not finish; each has a plain sentence on the login page. */
export type LoginFailure = 'state' | 'denied' | 'code' | 'unavailable';

export class LoginError extends Error {
  constructor(
    readonly reason: LoginFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export function discordLoginEnabled(env: Env): boolean {
  return Boolean(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET);
}

export const redirectUri = (env: Env) => `${env.PUBLIC_URL}/auth/discord/callback`;

function server(env: Env): oauth.AuthorizationServer {
  const api = env.DISCORD_API_URL.replace(/\/+$/, '');
  const origin = new URL(api).origin;
  // discord.com/api serves the token endpoint; the consent page lives on discord.com itself.
  const authorize =
    origin === 'https://discord.com' ? 'https://discord.com/oauth2/authorize' : `${origin}/oauth2/authorize`;
  return {
    issuer: origin,
    authorization_endpoint: authorize,
    token_endpoint: `${api}/oauth2/token`,
  };
}

const client = (env: Env): oauth.Client => ({ client_id: env.DISCORD_CLIENT_ID ?? '' });

/** Loopback http is allowed only for tests' fake Discord. */
function httpOptions(env: Env) {
  const insecure = env.DISCORD_API_URL.startsWith('http://');
  return insecure ? { [oauth.allowInsecureRequests]: true } : {};
}

export interface StartedLogin {
  url: string;
  state: string;
  verifier: string;
}

/** The URL to send the browser to, with a fresh state and PKCE verifier (kept by the caller). */
export async function startLogin(env: Env): Promise<StartedLogin> {
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const url = new URL(server(env).authorization_endpoint ?? '');
  url.searchParams.set('client_id', env.DISCORD_CLIENT_ID ?? '');
  url.searchParams.set('redirect_uri', redirectUri(env));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OAUTH_SCOPES);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.href, state, verifier };
}

/** Checks the callback against the expected state and trades the code for an access token. */
export async function finishLogin(
  env: Env,
  callbackUrl: URL,
  expected: { state: string; verifier: string },
): Promise<string> {
  const as = server(env);
  const c = client(env);
  if (callbackUrl.searchParams.get('error')) {
    throw new LoginError('denied', callbackUrl.searchParams.get('error_description') ?? 'consent was denied');
  }
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, c, callbackUrl, expected.state);
  } catch (err) {
    throw new LoginError('state', (err as Error).message);
  }
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      as,
      c,
      oauth.ClientSecretPost(env.DISCORD_CLIENT_SECRET ?? ''),
      params,
      redirectUri(env),
      expected.verifier,
      { ...httpOptions(env), signal: AbortSignal.timeout(10_000) },
    );
  } catch (err) {
    throw new LoginError('unavailable', (err as Error).message);
  }
  if (response.status >= 500) throw new LoginError('unavailable', `Discord answered ${response.status}`);
  try {
    const result = await oauth.processAuthorizationCodeResponse(as, c, response);
    return result.access_token;
  } catch (err) {
    throw new LoginError('code', (err as Error).message);
  }
}

async function discordGet<T>(env: Env, accessToken: string, path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${env.DISCORD_API_URL.replace(/\/+$/, '')}/v10${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new LoginError('unavailable', (err as Error).message);
  }
  if (res.status === 401) throw new LoginError('code', 'Discord no longer accepts this login');
  if (!res.ok) throw new LoginError('unavailable', `Discord answered ${res.status} to ${path}`);
  return (await res.json()) as T;
}

export async function fetchIdentity(env: Env, accessToken: string): Promise<DiscordIdentity> {
  const me = await discordGet<{
    id: string;
    username: string;
    global_name?: string | null;
    avatar?: string | null;
  }>(env, accessToken, '/users/@me');
  return { id: me.id, username: me.username, globalName: me.global_name ?? null, avatar: me.avatar ?? null };
}

export async function fetchGuilds(env: Env, accessToken: string): Promise<ManagedGuild[]> {
  const list = await discordGet<
    { id: string; name: string; icon?: string | null; owner?: boolean; permissions?: string }[]
  >(env, accessToken, '/users/@me/guilds');
  return list.map((g) => ({
    id: g.id,
    name: g.name,
    icon: g.icon ?? null,
    owner: Boolean(g.owner),
    permissions: g.permissions ?? '0',
  }));
}

const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;

/** Owner, Administrator or Manage Server: who may configure the bot on a server. */
export function canManage(g: ManagedGuild): boolean {
  let perms = 0n;
  try {
    perms = BigInt(g.permissions);
  } catch {
    perms = 0n;
  }
  return g.owner || (perms & ADMINISTRATOR) !== 0n || (perms & MANAGE_GUILD) !== 0n;
}
