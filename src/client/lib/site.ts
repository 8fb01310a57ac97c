import { usePublicQuery } from './public-query';

/** Where the operator of an installation learns to connect it to Discord. */
export const SETUP_GUIDE_URL = '/setup';

export interface SiteConfig {
  supportEmail: string | null;
  /** Discord's authorization URL; null when the server has no DISCORD_CLIENT_ID. */
  inviteUrl: string | null;
  /** Online checkout works on this installation (otherwise paid plans are sold through contact). */
  checkout: boolean;
  loading: boolean;
}

/** The server's public configuration (support email, bot invite link), fetched once. */
export function useSiteConfig(): SiteConfig {
  const q = usePublicQuery('site.config', { staleTime: Number.POSITIVE_INFINITY });
  return {
    supportEmail: q.data?.supportEmail ?? null,
    inviteUrl: q.data?.inviteUrl ?? null,
    checkout: q.data?.checkout ?? false,
    loading: q.isPending,
  };
}
