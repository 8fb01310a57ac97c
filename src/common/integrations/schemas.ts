import { z } from 'zod';
import { rowId } from '../schemas/util';

/** The platforms an integration follows. */
export const INTEGRATION_KINDS = ['youtube', 'twitch'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const PLATFORM_NAMES: Record<IntegrationKind, string> = { youtube: 'YouTube', twitch: 'Twitch' };

const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const TWITCH_LOGIN = /^[A-Za-z0-9_]{3,25}$/;

/** A YouTube channel id (UC + 22 characters), also read out of a youtube.com/channel/… address. */
export function youtubeChannelId(input: string): string | null {
  const v = input.trim();
  const fromUrl = /youtube\.com\/channel\/(UC[A-Za-z0-9_-]{22})/.exec(v)?.[1];
  const id = fromUrl ?? v;
  return YOUTUBE_CHANNEL_ID.test(id) ? id : null;
}

/** YouTube's rule for handles: 3 to 30 letters (any script), digits, _, - or . after the @. */
const YOUTUBE_HANDLE = /^@[\p{L}\p{M}\p{N}_.-]{3,30}$/u;

/** A YouTube @handle (as typed, or out of a youtube.com/@handle address), without its case changed. */
export function youtubeHandle(input: string): string | null {
  const v = input.trim();
  const fromUrl = /youtube\.com\/(@[^/?#\s]+)/.exec(v)?.[1];
  let handle = fromUrl ?? v;
  try {
    handle = decodeURIComponent(handle);
  } catch {
    return null;
  }
  return YOUTUBE_HANDLE.test(handle) ? handle : null;
}

/** What a YouTube source may be: a channel id, or an @handle the server resolves to one. */
export function youtubeSource(input: string): string | null {
  return youtubeChannelId(input) ?? youtubeHandle(input);
}

/** A Twitch login (3 to 25 letters, digits or _), also read out of a twitch.tv/… address. */
export function twitchLogin(input: string): string | null {
  const v = input.trim();
  const fromUrl = /twitch\.tv\/([A-Za-z0-9_]{3,25})\/?$/.exec(v)?.[1];
  const login = (fromUrl ?? v).toLowerCase();
  return TWITCH_LOGIN.test(login) ? login : null;
}

/** POST /api/integrations (guildId travels beside it). */
export const integrationCreate = z
  .object({
    kind: z.enum(INTEGRATION_KINDS, { error: 'must be youtube or twitch' }),
    source: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    linkId: rowId,
  })
  .transform((v, ctx) => {
    const source = v.kind === 'youtube' ? youtubeSource(v.source) : twitchLogin(v.source);
    if (!source) {
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message:
          v.kind === 'youtube'
            ? 'must be a YouTube channel id (UC followed by 22 characters), an @handle, or a youtube.com/channel/… or youtube.com/@… address'
            : 'must be a Twitch login (3 to 25 letters, digits or _) or a twitch.tv/… address',
      });
      return z.NEVER;
    }
    return { ...v, source };
  });
export type IntegrationCreate = z.input<typeof integrationCreate>;

/** What the screen shows of one integration. */
export interface IntegrationView {
  id: number;
  kind: IntegrationKind;
  sourceId: string;
  sourceName: string;
  linkId: number;
  linkName: string;
  /**
   * How news arrives: push (WebSub verified / EventSub enabled), polling (feed / Helix), pending
   * (EventSub being verified; polled meanwhile), or retrying (the EventSub subscription failed and is
   * made again at retryAt; polled meanwhile).
   */
  delivery: 'push' | 'polling' | 'pending' | 'retrying';
  /** Twitch: when the failed push subscription is tried again (null: nothing booked). */
  retryAt: Date | null;
  /** Twitch: push ended for good (authorization_revoked: the streamer must reconnect; user_removed: the channel is gone). */
  pushEnded: 'authorization_revoked' | 'user_removed' | null;
  /** How often the source is checked while it is polled, in minutes. */
  checkMinutes: number;
  posted: number;
  createdAt: Date;
}
