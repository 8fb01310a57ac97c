/** Spec section 9: 'Xh Ym', or 'Ym' under an hour. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** A span in words: '45 s', '32 min 24 s', '1 h 5 min' (seconds dropped past an hour). */
export function formatSpan(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return sec > 0 ? `${m} min ${sec} s` : `${m} min`;
  return `${sec} s`;
}

/** Spec section 9: a channel id cut to its first 8 characters, then '...'. */
export function shortChannelId(id: string): string {
  return `${id.slice(0, 8)}...`;
}

/** Badge look per session status (spec section 4): active filled, ended secondary, error red, others outline. */
export function statusBadge(status: string): { variant: string; color: string } {
  if (status === 'active') return { variant: 'filled', color: 'blue' };
  if (status === 'ended') return { variant: 'light', color: 'gray' };
  if (status === 'error') return { variant: 'filled', color: 'red' };
  return { variant: 'outline', color: 'gray' };
}

/** Total seconds, average per session in rounded seconds, and characters. */
export function sessionTotals(sessions: { durationSeconds: number; charactersProcessed: number }[]) {
  const seconds = sessions.reduce((s, x) => s + x.durationSeconds, 0);
  const characters = sessions.reduce((s, x) => s + x.charactersProcessed, 0);
  return { seconds, characters, averageSeconds: sessions.length ? Math.round(seconds / sessions.length) : 0 };
}
