import { useSearch } from '@tanstack/react-router';

/**
 * The guild the admin screens act on: the ?guildId= search parameter of the current URL.
 * undefined means "the server's default guild" (procedures fall back to DEFAULT_GUILD_ID).
 */
export function useGuildId(): string | undefined {
  const search = useSearch({ strict: false }) as { guildId?: unknown };
  const id = search.guildId;
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  if (typeof id === 'number') return String(id);
  return undefined;
}
