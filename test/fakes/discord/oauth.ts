import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { discordContract, exercisedRoutes } from './contract';
import type { FakeUser } from './payloads';

/** A server as /users/@me/guilds lists it for one member. */
export interface OAuthGuild {
  id: string;
  name: string;
  icon?: string | null;
  owner?: boolean;
  /** Permission bits as a decimal string (8 Administrator, 32 Manage Server). */
  permissions: string;
}

/** Who is "logged in to Discord" in the browser that reaches the consent page, and their servers. */
export interface OAuthAccount {
  user: FakeUser;
  guilds: OAuthGuild[];
}

/**
 * Discord's OAuth2 on loopback, for Login with Discord: GET /oauth2/authorize (consents at once
 * for the current account and redirects back with code and state, or error=access_denied), POST
 * /api/oauth2/token (authorization_code with client secret and PKCE S256 verifier), and the
 * identity endpoints GET /api/v10/users/@me and /users/@me/guilds with the Bearer access token.
 */
export class FakeOAuth {
  /** The account the next consent is given for; null = the member presses Cancel. */
  account: OAuthAccount | null = null;
  /** Answer the token endpoint with this status (Discord down: 502). */
  tokenFailure: number | null = null;
  readonly tokenRequests: Record<string, string>[] = [];
  private codes = new Map<string, { account: OAuthAccount; challenge: string; redirectUri: string }>();
  private tokens = new Map<string, OAuthAccount>();

  constructor(private readonly client: { id: string; secret: string }) {}

  handles(req: IncomingMessage): boolean {
    const path = (req.url ?? '').split('?')[0];
    return (
      path === '/oauth2/authorize' ||
      path === '/api/oauth2/token' ||
      (path.startsWith('/api/v10/users/@me') && (req.headers.authorization ?? '').startsWith('Bearer '))
    );
  }

  /** Revokes every access token (the member de-authorized the app). */
  revokeAll(): void {
    this.tokens.clear();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    // The identity endpoints are in Discord's published description (contract.ts checks them like
    // every REST call); /oauth2/authorize and /api/oauth2/token are not in it.
    const apiPath = url.pathname.startsWith('/api/v10/') ? url.pathname.slice('/api/v10'.length) : null;
    const contract = apiPath ? discordContract().checkRequest(req.method ?? 'GET', apiPath, null) : null;
    const json = (status: number, body: unknown) => {
      if (apiPath && contract && !('kind' in contract)) {
        discordContract().checkResponse(contract, apiPath, status, body as Record<string, unknown>);
        const key = `${contract.method} ${contract.route}`;
        exercisedRoutes.set(key, (exercisedRoutes.get(key) ?? 0) + 1);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth2/authorize') {
      const q = url.searchParams;
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('state', q.get('state') ?? '');
      if (q.get('client_id') !== this.client.id || q.get('code_challenge_method') !== 'S256') {
        back.searchParams.set('error', 'invalid_request');
      } else if (!this.account) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set(
          'error_description',
          'The resource owner or authorization server denied the request',
        );
      } else {
        const code = randomBytes(12).toString('hex');
        this.codes.set(code, {
          account: this.account,
          challenge: q.get('code_challenge') ?? '',
          redirectUri: q.get('redirect_uri') ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === '/api/oauth2/token') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      this.tokenRequests.push(form);
      if (this.tokenFailure) return json(this.tokenFailure, { message: 'Bad Gateway' });
      const grant = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      const verifierHash = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (form.client_id !== this.client.id || form.client_secret !== this.client.secret) {
        return json(401, { error: 'invalid_client' });
      }
      if (!grant || grant.challenge !== verifierHash || grant.redirectUri !== form.redirect_uri) {
        return json(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      }
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, grant.account);
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: randomBytes(16).toString('hex'),
        scope: 'identify guilds',
      });
    }
    const account = this.tokens.get((req.headers.authorization ?? '').slice(7));
    if (!account) return json(401, { message: '401: Unauthorized', code: 0 });
    if (url.pathname === '/api/v10/users/@me') {
      return json(200, {
        id: account.user.id,
        username: account.user.username,
        global_name: account.user.global_name ?? null,
        avatar: account.user.avatar ?? null,
        discriminator: account.user.discriminator ?? '0',
        public_flags: 0,
        flags: 0,
        mfa_enabled: false,
        locale: 'en-US',
      });
    }
    if (url.pathname === '/api/v10/users/@me/guilds') {
      return json(
        200,
        account.guilds.map((g) => ({ icon: null, banner: null, owner: false, features: [], ...g })),
      );
    }
    return json(404, { message: '404: Not Found', code: 0 });
  }
}
