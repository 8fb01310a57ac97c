/** 99.95% (two decimals, trailing zeros dropped; 100% as such); "No data" before the first sample. */
export function formatUptime(percent: number | null): string {
  if (percent === null) return 'No data';
  return `${Number(percent.toFixed(2))}%`;
}
