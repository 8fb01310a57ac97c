import { z } from 'zod';

/** Discord's limits for Modify Current Member (nick 32, bio 190) and what the dashboard accepts for images. */
export const NICKNAME_MAX = 32;
export const BIO_MAX = 190;
export const FOOTER_MAX = 100;
export const AVATAR_MAX_BYTES = 256 * 1024;
export const BANNER_MAX_BYTES = 384 * 1024;

const DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+=*)$/;

/** Bytes a base64 payload decodes to. */
const decodedBytes = (b64: string) =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

const image = (what: string, maxBytes: number) =>
  z
    .string()
    .refine(
      (v) => DATA_URI.test(v),
      `${what} must be a PNG, JPEG, GIF or WebP image (a data:image/…;base64 URI)`,
    )
    .refine(
      (v) => decodedBytes(DATA_URI.exec(v)?.[2] ?? '') <= maxBytes,
      `${what} must be at most ${maxBytes / 1024} KB`,
    )
    .nullable();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** PUT /api/white-label (guildId beside it): every field, null for Discord's default. */
export const whiteLabelInput = z.object({
  nickname: optionalText(NICKNAME_MAX),
  bio: optionalText(BIO_MAX),
  avatar: image('avatar', AVATAR_MAX_BYTES),
  banner: image('banner', BANNER_MAX_BYTES),
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #RRGGBB')
    .nullable(),
  footer: optionalText(FOOTER_MAX),
});
export type WhiteLabelInput = z.input<typeof whiteLabelInput>;

/** What the screen shows: the saved profile and whether Discord took it. */
export interface WhiteLabelView {
  nickname: string | null;
  bio: string | null;
  avatar: string | null;
  banner: string | null;
  brandColor: string | null;
  footer: string | null;
  /** 'default': nothing set; 'pending': saved, Discord not answered yet; 'applied'; 'failed' (applyError says why). */
  state: 'default' | 'pending' | 'applied' | 'failed';
  applyError: string | null;
}

export const colorHex = (n: number | null) => (n === null ? null : `#${n.toString(16).padStart(6, '0')}`);
export const colorInt = (hex: string | null) => (hex === null ? null : Number.parseInt(hex.slice(1), 16));
