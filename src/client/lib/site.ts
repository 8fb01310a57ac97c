import { LANGUAGES } from '../../common/languages';
import { usePublicQuery } from './public-query';

/** Where the operator of an installation learns to connect it to Discord. */
export const SETUP_GUIDE_URL = '/setup';

export interface SiteConfig {
  supportEmail: string | null;
  /** Discord's authorization URL; null when the server has no DISCORD_CLIENT_ID. */
  inviteUrl: string | null;
  /** Online checkout works on this installation (otherwise paid plans are sold through contact). */
  checkout: boolean;
  /** Languages this installation's providers translate into (all of the table unless DeepL runs alone). */
  languageCount: number;
  /** AI toxicity and harassment detection can run here (not with DeepL alone). */
  aiModeration: boolean;
  /** Voice translation can run here (the provider takes audio; not DeepL alone). */
  voice: boolean;
  loading: boolean;
}

/** The spec's headline figure ("130+"), or the installation's count rounded down to ten when lower. */
export function languagesClaim(count: number): string {
  return `${Math.min(130, Math.floor(count / 10) * 10)}+`;
}

/** The server's public configuration (support email, bot invite link, what its providers do), fetched once. */
export function useSiteConfig(): SiteConfig {
  const q = usePublicQuery('site.config', { staleTime: Number.POSITIVE_INFINITY });
  return {
    supportEmail: q.data?.supportEmail ?? null,
    inviteUrl: q.data?.inviteUrl ?? null,
    checkout: q.data?.checkout ?? false,
    // Until the answer (and in the prerendered page): the default configuration's, a language model.
    languageCount: q.data?.languageCount ?? LANGUAGES.length,
    aiModeration: q.data?.aiModeration ?? true,
    voice: q.data?.voice ?? true,
    loading: q.isPending,
  };
}
