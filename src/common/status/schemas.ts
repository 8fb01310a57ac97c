/**
 * The status page (/status): what it measures and how. The web tier records one health sample per
 * component and minute (src/server/features/status); uptime over each window is the share of its
 * minutes with a sample that says up. A minute without any sample counts as down: when nothing
 * recorded, nothing was serving.
 */
export const MINUTE = 60_000;
const DAY = 86_400_000;

export const STATUS_WINDOWS = [
  { key: 'day', label: '24 hours', ms: DAY },
  { key: 'week', label: '7 days', ms: 7 * DAY },
  { key: 'quarter', label: '90 days', ms: 90 * DAY },
] as const;
export type StatusWindow = (typeof STATUS_WINDOWS)[number]['key'];

/** Samples older than this are deleted (the longest window). */
export const SAMPLE_KEEP_MS = 90 * DAY;
/** A bot shard seen this recently is expected: without a report it counts as down. */
export const SHARD_EXPECTED_MS = 7 * DAY;

/**
 * 'provider' is translation as a whole (up in a minute when any of the operator's lanes was up); it
 * is what the overall figure counts, and a component of its own only when no lane is known. Each
 * lane of the operator's providers is `translation:<role>:<provider>` (role primary, fallback,
 * fallback-2…; provider its kind, never a model, a URL or a key). Servers' own keys are never sampled.
 */
export type ComponentId = 'web' | 'provider' | `shard:${number}` | `translation:${string}:${string}`;

/** Provider kinds as the page names them. */
const PROVIDER_NAMES: Record<string, string> = {
  gemini: 'Gemini',
  deepl: 'DeepL',
  'openai-compatible': 'OpenAI-compatible',
};

/** The component of the operator's lane at `index` (0 primary) named "kind:model" (failover.ts laneName). */
export function laneComponent(index: number, lane: string): string {
  const role = index === 0 ? 'primary' : index === 1 ? 'fallback' : `fallback-${index}`;
  const kind =
    lane
      .split(':')[0]
      ?.toLowerCase()
      .replace(/[^a-z0-9-]/g, '') || 'provider';
  return `translation:${role}:${kind}`;
}

export const isLaneComponent = (id: string) => id.startsWith('translation:');

export function componentName(id: string): string {
  if (id === 'web') return 'Website, dashboard and API';
  if (id === 'provider') return 'Translation provider';
  const lane = /^translation:([a-z0-9-]+):([a-z0-9-]+)$/.exec(id);
  if (lane) {
    const role = lane[1] === 'primary' ? 'primary' : lane[1].replace('-', ' ');
    return `Translation — ${role} (${PROVIDER_NAMES[lane[2]] ?? lane[2]})`;
  }
  const shard = /^shard:(\d+)$/.exec(id);
  return shard ? `Discord bot, shard ${shard[1]}` : id;
}

/** How each component is judged up, shown on the page under its name. */
export function componentRule(id: string): string {
  if (id === 'web') return 'Up in a minute when a web process answered and recorded the sample.';
  if (id === 'provider')
    return 'Down in a minute when translations were asked and every one of them failed; up otherwise.';
  if (isLaneComponent(id))
    return 'Down in a minute when its last health probe or call failed, or while its circuit breaker is open; up otherwise.';
  return "Up in a minute when the shard's gateway session was ready in the bot's last report (every 30 s).";
}

export interface ComponentStatus {
  id: string;
  name: string;
  /** The last whole minute: up, down, or no sample. */
  current: 'up' | 'down' | 'missing';
  /** Percent with three decimals, per window; null before the first sample. */
  uptime: Record<StatusWindow, number | null>;
  /** The first sample kept (ISO): a window longer than the measurement counts from here. */
  since: string;
}

export interface Incident {
  component: string;
  name: string;
  start: string;
  /** null while it lasts. */
  end: string | null;
  minutes: number;
}

export interface StatusReport {
  at: string;
  components: ComponentStatus[];
  /**
   * The product as a whole, per window: the lowest figure of the web tier, each shard and
   * translation as a whole (a minute is up when any lane was: a fallback answering keeps it up).
   */
  overall: Record<StatusWindow, number | null>;
  /** Periods a component was down in the last 90 days, newest first (at most 50). */
  incidents: Incident[];
}
