import type { TranslateRequest, Translator } from '../../src/server/core/translator';

/**
 * A Translator handed to the server through startTestServer({ overrides: { translator } }):
 * answers "[lang] text" for every target and records each call, so a test can check how many
 * provider round trips a feature makes and with what. `fail` makes the next calls throw.
 */
export function recordingTranslator() {
  const calls: TranslateRequest[] = [];
  const state = { fail: null as Error | null };
  const translator: Translator = {
    provider: 'recording',
    async translate(request) {
      calls.push(request);
      if (state.fail) throw state.fail;
      const source = request.source ?? 'en';
      return {
        source,
        translations: Object.fromEntries(
          request.targets.filter((t) => t !== source).map((t) => [t, `[${t}] ${request.text}`]),
        ),
        skipped: request.targets.filter((t) => t === source),
      };
    },
  };
  return { translator, calls, state };
}
