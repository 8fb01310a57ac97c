/**
 * The one way the dashboard writes a span of time: '45 s', '32 min 24 s', '1 h 5 min', '3 d 4 h'
 * (the two largest units; seconds dropped past an hour, minutes past a day).
 */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pair = (a: number, ua: string, b: number, ub: string) =>
    b > 0 ? `${a} ${ua} ${b} ${ub}` : `${a} ${ua}`;
  if (d > 0) return pair(d, 'd', h, 'h');
  if (h > 0) return pair(h, 'h', m, 'min');
  if (m > 0) return pair(m, 'min', sec, 's');
  return `${sec} s`;
}
