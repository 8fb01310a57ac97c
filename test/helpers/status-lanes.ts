import { recordSamples } from '../../src/server/features/status/samples';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import type { TestServer } from './server';

/**
 * Two translation lanes for the status page (issue 27): the operator's Gemini first, DeepL as the
 * fallback, both fakes on loopback. `sampleMinutes` runs what the web tier runs each minute: the
 * lanes' health probes (the translator's own, against the fakes), then the sampler.
 */
export const GEMINI_KEY = 'gemini-status-secret';
export const DEEPL_KEY = 'deepl-status-secret:fx';
const MINUTE = 60_000;

export async function startLanes(): Promise<{
  gemini: FakeProvider;
  deepl: FakeDeepL;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const [gemini, deepl] = await Promise.all([startFakeGemini(), startFakeDeepL(DEEPL_KEY)]);
  return {
    gemini,
    deepl,
    env: {
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_BASE_URL: gemini.url,
      TRANSLATION_FALLBACK: 'deepl',
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_SERVER_URL: deepl.url,
    },
    close: async () => {
      await Promise.all([gemini.close(), deepl.close()]);
    },
  };
}

/** Probe options that make every minute's probe due and one failure enough to say down. */
export const laneProbeOptions = { attempts: 1, probeEveryMs: 30_000, probeFailuresToOpen: 1 };

/**
 * Minutes [from, to) after `t0`: each minute's end, DeepL down (503) when `deeplDown(m)`, the
 * lanes probed, then the sample of minute m recorded (as the sampler does at minute m + 1's start).
 */
export async function sampleMinutes(
  s: TestServer,
  lanes: { deepl: FakeDeepL },
  opts: {
    t0: number;
    from: number;
    to: number;
    setNow: (d: Date) => void;
    deeplDown: (m: number) => boolean;
  },
): Promise<void> {
  for (let m = opts.from; m < opts.to; m++) {
    if (opts.deeplDown(m)) lanes.deepl.down(503);
    else lanes.deepl.reset();
    opts.setNow(new Date(opts.t0 + (m + 1) * MINUTE - 1000));
    await s.services.translator.probe?.();
    await recordSamples(
      s.services.db,
      new Date(opts.t0 + (m + 1) * MINUTE),
      () => s.services.translator.health?.() ?? [],
    );
  }
  lanes.deepl.reset();
}
