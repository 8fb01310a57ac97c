import { logRow, writeLogs } from './accounting';
import { reportedCode, sameLanguage, targetCodes } from './codes';
import { AudioUnsupportedError, MissingTranslationsError } from './errors';
import { InvalidTranslationRequestError } from '../core/translator';
import type { EngineParts } from './parts';
import { audioSystemInstruction, audioUserMessage, parseAudioAnswer } from './prompt-audio';
import { readTranslationSettings, translationDefaults } from './settings';
import { translateText } from './text';
import {
  type TranslateAudioRequest,
  type TranslateAudioResult,
  type TranslateUsage,
  TranslationUnavailableError,
} from '../core/translator';

/**
 * Speech: Gemini-like providers answer transcript, language and translations in one call;
 * transcription servers transcribe, then the transcript goes through translate() (one text call).
 * Translations of speech count against the allowance like text; the audio stays in memory.
 */
export async function translateAudio(
  parts: EngineParts,
  req: TranslateAudioRequest,
): Promise<TranslateAudioResult> {
  const { deps, opts, name, admission, guarded } = parts;
  const { provider, db, clock } = deps;
  const started = performance.now();
  const audio = req.audio;
  if (!(audio instanceof Uint8Array) || audio.byteLength === 0) {
    throw new InvalidTranslationRequestError('audio: nothing to transcribe');
  }
  if (audio.byteLength > opts.maxAudioBytes) {
    throw new InvalidTranslationRequestError(`audio: larger than ${opts.maxAudioBytes} bytes`);
  }
  const targets = targetCodes(req.targets);
  if (!provider) throw new TranslationUnavailableError(deps.unavailableReason);
  if (!provider.audio) throw new AudioUnsupportedError(name as string);
  const now = clock();
  const settings = req.guildId ? await readTranslationSettings(db, req.guildId) : translationDefaults;
  const tone = req.tone ?? settings.translationTone;
  const usage: TranslateUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cached: [] };
  const media = { data: audio, mimeType: req.mimeType };

  if (provider.audio === 'transcription' && provider.transcribe) {
    const transcribe = provider.transcribe.bind(provider);
    await admission.admit(req, now, false);
    const heard = await guarded(req.guildId, (signal) => transcribe({ audio: media, signal }));
    usage.calls += 1;
    const transcript = heard.text.trim();
    if (!transcript)
      return { transcript: '', source: 'und', translations: {}, skipped: [], provider: name, usage };
    const result = await translateText(parts, { ...req, text: transcript, targets, tone });
    const more = result.usage;
    return {
      ...result,
      transcript,
      usage: {
        calls: usage.calls + (more?.calls ?? 0),
        inputTokens: more?.inputTokens ?? 0,
        outputTokens: more?.outputTokens ?? 0,
        cached: more?.cached ?? [],
      },
    };
  }

  const completeAudio = provider.completeAudio?.bind(provider);
  if (!completeAudio) throw new AudioUnsupportedError(name as string);
  // Live captions are bounded by the session's minutes, not by the member's hourly limit.
  const { used, allowance } = await admission.admit(req, now, req.origin !== 'voice');
  const system = audioSystemInstruction(tone);
  const user = audioUserMessage({ targets, tone });
  let problem = '';
  let answer: ReturnType<typeof parseAudioAnswer> = { ok: false, problem: 'no answer' };
  try {
    for (let round = 0; round < 2; round++) {
      const res = await guarded(req.guildId, (signal) =>
        completeAudio({ system, user, audio: media, targets, signal }),
      );
      usage.calls += 1;
      usage.inputTokens += res.inputTokens;
      usage.outputTokens += res.outputTokens;
      const parsed = parseAudioAnswer(res.text);
      answer = parsed;
      if (!parsed.ok) {
        problem = res.problem ?? parsed.problem;
        continue;
      }
      if (!parsed.transcript) break;
      const missing = targets.filter(
        (t) => !sameLanguage(t, parsed.source) && !parsed.translations[t.toLowerCase()],
      );
      if (!missing.length) break;
      problem = 'language missing from the answer';
      if (round === 1) throw new MissingTranslationsError(missing, parsed.translations, problem);
    }
    if (!answer.ok) throw new MissingTranslationsError(targets, {}, problem);
  } catch (err) {
    if (req.guildId) {
      await writeLogs(
        db,
        targets.map((t) =>
          logRow({ ...req, text: '' }, 'und', t, '', started, 'error', { provider: name, ownKey: false }),
        ),
        clock(),
      );
    }
    throw err;
  }
  const { transcript } = answer;
  const source = reportedCode(answer.source) ?? 'und';
  if (!transcript)
    return { transcript: '', source: 'und', translations: {}, skipped: [], provider: name, usage };
  const skipped = targets.filter((t) => sameLanguage(t, source));
  const translations: Record<string, string> = {};
  for (const t of targets) if (!skipped.includes(t)) translations[t] = answer.translations[t.toLowerCase()];
  const delivered = Object.keys(translations);
  if (req.guildId && delivered.length) {
    await writeLogs(
      db,
      delivered.map((t) =>
        logRow({ ...req, text: transcript }, source, t, transcript, started, 'ok', {
          provider: name,
          ownKey: false,
        }),
      ),
      clock(),
    );
    await admission.noticeThresholds(req.guildId, used + delivered.length, allowance, now);
  }
  return { transcript, source, translations, skipped, detectedBy: 'provider', provider: name, usage };
}
