/** Options that take a separate value, so the value is not mistaken for a file filter. */
const VALUE_OPTIONS = new Set([
  '--reporter',
  '--outputFile',
  '--project',
  '-t',
  '--testNamePattern',
  '--config',
  '-c',
  '--root',
  '-r',
  '--pool',
  '--dir',
  '--shard',
]);

/** The file filters vitest was started with (`vitest run test/web/public` gives ['test/web/public']). */
export function fileFilters(argv: string[]): string[] {
  const args = argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    if (a === 'run' || a === 'watch' || a === 'related' || a === 'bench') continue;
    out.push(a);
  }
  return out;
}
