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
