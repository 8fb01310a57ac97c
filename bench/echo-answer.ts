/**
 * The benches' provider answer: every text "translated" as `[code] text`, for a single request or a
 * batch (the engine's JSON shapes), with English as the source.
 */
export function echoAnswer(user: string): string {
  const ask = JSON.parse(user) as {
    text?: string;
    messages?: { id: string; text: string }[];
    targets: string[];
  };
  const tr = (t: string) => Object.fromEntries(ask.targets.map((c) => [c, `[${c}] ${t}`]));
  return ask.messages
    ? JSON.stringify({
        items: ask.messages.map((m) => ({ id: m.id, source: 'en', translations: tr(m.text) })),
      })
    : JSON.stringify({ source: 'en', translations: tr(ask.text ?? '') });
}
