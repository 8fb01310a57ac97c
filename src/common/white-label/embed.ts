/**
 * The one embed builder of the bot's own posts: a server's brand colour and footer (white-label)
 * around the text. Without a brand the bot posts plain text (nothing product-branded is added).
 */
export interface Brand {
  /** 0xRRGGBB, or null for Discord's default embed colour. */
  color: number | null;
  footer: string | null;
}

/** A Discord embed (API shape) carrying `text` (at most 4096 characters, Discord's description limit). */
export function brandedEmbed(text: string, brand: Brand) {
  return {
    description: text.slice(0, 4096),
    ...(brand.color !== null ? { color: brand.color } : {}),
    ...(brand.footer ? { footer: { text: brand.footer.slice(0, 2048) } } : {}),
  };
}
