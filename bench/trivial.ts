/**
 * npm run bench:trivial — printed figures, never asserted (issue 28).
 * The hand-written multilingual chat sample bench/trivial-chat.txt run through the real trivial
 * check of the mirror and single-channel rooms (isTrivialMessage), once with the built-in list only
 * and once with a server's own terms: messages, skipped, provider calls saved (one call per
 * message otherwise), and the labelled subset's false skips (a "content" or "reply" line skipped:
 * must be 0) and missed chatter.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trivialTermsInput } from '../src/common/trivial-terms';
import type { IncomingMessage } from '../src/server/features/channels/messages';
import { isTrivialMessage } from '../src/server/features/channels/trivial';

type Label = 'content' | 'chatter' | 'own' | 'reply';
const LABELS = new Set<Label>(['content', 'chatter', 'own', 'reply']);

/** The bench's server's own terms, checked as the translation settings check them. */
const OWN_TERMS = trivialTermsInput.parse(['kekw', 'pog', 'sheesh', 'bruh', 'órale', 'krass']);

function sample(): { label: Label; message: IncomingMessage }[] {
  const text = readFileSync(join(import.meta.dirname, 'trivial-chat.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, i) => {
      const tab = line.indexOf('\t');
      const label = line.slice(0, tab) as Label;
      if (tab < 0 || !LABELS.has(label))
        throw new Error(`trivial-chat.txt: bad line ${JSON.stringify(line)}`);
      const message: IncomingMessage = {
        guildId: 'bench',
        channelId: 'chat',
        messageId: String(i),
        authorId: String(i % 17),
        authorName: 'member',
        content: line.slice(tab + 1),
        attachments: [],
        replyToMessageId: label === 'reply' ? String(i - 1) : null,
      };
      return { label, message };
    });
}

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;

function run(name: string, lines: ReturnType<typeof sample>, terms: readonly string[]) {
  const started = performance.now();
  const skipped = lines.map((l) => isTrivialMessage(l.message, terms));
  const micros = ((performance.now() - started) * 1000) / lines.length;
  const count = (pred: (i: number) => boolean) => lines.filter((_, i) => pred(i)).length;
  const total = count(() => true);
  const skips = count((i) => skipped[i]);
  const falseSkips = lines.filter((l, i) => skipped[i] && (l.label === 'content' || l.label === 'reply'));
  const chatter = count(
    (i) => lines[i].label === 'chatter' || (terms.length > 0 && lines[i].label === 'own'),
  );
  const caught = count((i) => skipped[i] && (lines[i].label === 'chatter' || lines[i].label === 'own'));
  console.log(`\n${name}`);
  console.log(`  messages                 ${total}`);
  console.log(`  skipped                  ${skips}`);
  console.log(`  provider calls           ${total - skips} instead of ${total}: ${pct(skips, total)} saved`);
  console.log(
    `  chatter caught           ${caught} of ${chatter} labelled chatter (${pct(caught, chatter)})`,
  );
  console.log(`  false skips              ${falseSkips.length} (content or reply lines skipped; must be 0)`);
  for (const l of falseSkips) console.log(`    ${JSON.stringify(l.message.content)}`);
  const missed = lines.filter(
    (l, i) => !skipped[i] && (l.label === 'chatter' || (terms.length > 0 && l.label === 'own')),
  );
  console.log(`  chatter still sent       ${missed.map((l) => JSON.stringify(l.message.content)).join(' ')}`);
  console.log(`  check time               ${micros.toFixed(2)} µs per message`);
  return { skips, falseSkips: falseSkips.length };
}

const lines = sample();
const labels = new Map<Label, number>();
for (const l of lines) labels.set(l.label, (labels.get(l.label) ?? 0) + 1);
console.log(
  `bench/trivial-chat.txt: ${lines.length} messages (${[...labels].map(([k, v]) => `${v} ${k}`).join(', ')})`,
);
// Warm the check up (JIT) so both runs' time per message compare.
for (let round = 0; round < 50; round++) for (const l of lines) isTrivialMessage(l.message, OWN_TERMS);
const builtIn = run('Built-in list only', lines, []);
const own = run(`With the server's own terms (${OWN_TERMS.join(', ')})`, lines, OWN_TERMS);
console.log(
  `\nThe server's own terms save ${own.skips - builtIn.skips} more calls (${pct(builtIn.skips, lines.length)} -> ${pct(own.skips, lines.length)}).`,
);
if (builtIn.falseSkips + own.falseSkips > 0) process.exitCode = 1;
