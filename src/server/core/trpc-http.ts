import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';

/**
 * Answers the HTTP layer gives on /trpc before (or instead of) the tRPC handler, in the envelope
 * the tRPC client reads (superjson: `{ error: { json: shape } }`, an array for a batch), so the
 * dashboard shows the message like any other procedure error.
 */
type ErrorKey = 'BAD_REQUEST' | 'TOO_MANY_REQUESTS';
const STATUS: Record<ErrorKey, number> = { BAD_REQUEST: 400, TOO_MANY_REQUESTS: 429 };

/** The procedure names a /trpc URL asks for ("a,b,c" in a batch). */
export function trpcPaths(pathname: string): string[] {
  const rest = pathname.replace(/^\/trpc\/?/, '');
  return rest === '' ? [] : decodeURIComponent(rest).split(',');
}

export function isTrpcBatch(url: URL): boolean {
  return url.searchParams.get('batch') === '1';
}

function envelope(code: ErrorKey, message: string, path: string | null) {
  return {
    error: {
      json: {
        message,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        data: { code, httpStatus: STATUS[code], path, issues: null, locked: null },
      },
    },
  };
}

/** One error for the whole request (a batch too: tRPC answers request-level errors this way). */
export function trpcRequestError(code: ErrorKey, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(envelope(code, message, null)), {
    status: STATUS[code],
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * The same error for every call of the request: one envelope, or one per procedure of a batch
 * (the tRPC client then fails each of its calls with the message).
 */
export function trpcCallsError(
  url: URL,
  code: ErrorKey,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const paths = trpcPaths(url.pathname);
  const body = isTrpcBatch(url)
    ? paths.map((p) => envelope(code, message, p))
    : envelope(code, message, paths[0] ?? null);
  return new Response(JSON.stringify(body), {
    status: STATUS[code],
    headers: { 'content-type': 'application/json', ...headers },
  });
}
