import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from './router-types';

/** The public procedures the landing page and the public layout read (no session needed). */
type PublicOutputs = {
  'site.config': RouterOutputs['site']['config'];
  'stats.global': RouterOutputs['stats']['global'];
  'status.get': RouterOutputs['status']['get'];
};
export type PublicProcedure = keyof PublicOutputs;

/**
 * Reads a public procedure with fetch over tRPC's HTTP protocol (GET /trpc/<path>), so the landing
 * page loads without the tRPC client and superjson (about 25 KB gzipped); the admin screens and the
 * forms use the tRPC hooks (src/client/trpc.ts), loaded with their routes. These answers are plain
 * JSON (strings, numbers, booleans, null): superjson sends them as { json } with no `meta`.
 */
export async function fetchPublic<P extends PublicProcedure>(path: P): Promise<PublicOutputs[P]> {
  const res = await fetch(`/trpc/${path}`, { credentials: 'include' });
  const body = (await res.json().catch(() => null)) as {
    result?: { data?: { json?: unknown; meta?: unknown } };
    error?: { json?: { message?: string } };
  } | null;
  if (!res.ok || !body?.result?.data || body.result.data.meta !== undefined)
    throw new Error(body?.error?.json?.message ?? `${path}: the server answered ${res.status}`);
  return body.result.data.json as PublicOutputs[P];
}

/** useQuery over fetchPublic (the app's QueryClient: never stale, no retries, spec section 7). */
export function usePublicQuery<P extends PublicProcedure>(
  path: P,
  options: Omit<UseQueryOptions<PublicOutputs[P]>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ queryKey: ['public', path], queryFn: () => fetchPublic(path), ...options });
}
