import type { Env } from './env';
import { type AdminTokenOrigin, LOGIN_CODE_MINUTES } from './admin-token';

/**
 * What the web process prints once it listens (docs/security.md, "The login code and token
 * hygiene"). The admin token appears only in the run that generated it; afterwards the banner says
 * where it is kept. The operator's link is a one-time code that expires, never the token.
 */
export function startupBanner(opts: {
  env: Env;
  /** The address the server listens on (http://HOST:PORT). */
  listening: string;
  /** Whether PUBLIC_URL came from the environment (else it is the default, http://localhost:PORT). */
  publicUrlSet: boolean;
  adminToken: string;
  origin: AdminTokenOrigin;
  loginCode: string;
  provider: string | null;
}): string[] {
  const { env } = opts;
  const lines = [`Listening on ${opts.listening} (open ${env.PUBLIC_URL})`];
  const loopback = /^(127\.|::1$|localhost$)/.test(env.HOST);
  if (!opts.publicUrlSet && !loopback) {
    lines.push(
      `PUBLIC_URL is not set: links and Login with Discord use ${env.PUBLIC_URL}; set PUBLIC_URL to the address visitors open`,
    );
  }
  lines.push(
    `Translation provider: ${opts.provider ?? 'none configured (set GEMINI_API_KEY, OPENAI_BASE_URL or DEEPL_API_KEY)'}`,
  );
  const origin = opts.origin;
  if (origin.from === 'env') lines.push('Admin token: ADMIN_TOKEN from the environment');
  else if (origin.from === 'memory')
    lines.push(`Admin token for this run only (DATABASE_PATH is :memory:): ${opts.adminToken}`);
  else if (origin.generated)
    lines.push(
      `Admin token (new; shown this once, kept in ${origin.file}): ${opts.adminToken}`,
      '  Scripts send it as Authorization: Bearer <token>; the login page takes it too.',
    );
  else lines.push(`Admin token: kept in ${origin.file}`);
  lines.push(
    `Dashboard login link (one use, valid ${LOGIN_CODE_MINUTES} minutes): ${env.PUBLIC_URL}/login?code=${opts.loginCode}`,
  );
  return lines;
}
