import { InvalidTranslationRequestError } from '../core/translator';

/** Language codes as the product writes them, and when two name the same language. */

const CODE = /^([a-z]{2,3})(?:-([a-z]{2,4}))?$/i;

/** "PT-br" → "pt-BR"; null when not a language code. */
export function normalizeCode(code: string): string | null {
  const m = CODE.exec(code.trim());
  if (!m) return null;
  return m[2]
    ? `${m[1].toLowerCase()}-${m[2].length === 4 ? m[2][0].toUpperCase() + m[2].slice(1).toLowerCase() : m[2].toUpperCase()}`
    : m[1].toLowerCase();
}

/** A provider's answer ("en_US", "EN ") → "en-US", "en"; null when not a language code. */
export const reportedCode = (code: string) => normalizeCode(code.split(/[_\s]/)[0]);

/** A target counts as the source's language when equal, or same base and one side has no region (not zh). */
export function sameLanguage(target: string, source: string): boolean {
  if (target === source) return true;
  const [tb, tr] = target.split('-');
  const [sb, sr] = source.split('-');
  return tb === sb && tb !== 'zh' && (!tr || !sr);
}

/** A request's targets, normalized and without repeats; throws naming the first that is no code. */
export function targetCodes(raw: unknown[] | undefined): string[] {
  const targets: string[] = [];
  for (const r of raw ?? []) {
    const code = typeof r === 'string' ? normalizeCode(r) : null;
    if (!code) throw new InvalidTranslationRequestError(`targets: "${r}" is not a language code`);
    if (!targets.includes(code)) targets.push(code);
  }
  if (!targets.length) throw new InvalidTranslationRequestError('targets: give at least one language');
  return targets;
}
