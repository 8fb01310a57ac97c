import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/server/translation/detect';
import { SAMPLES } from './detect-samples';

describe('local language detection (eld)', () => {
  it.each([
    ['hey everyone, who is up for a game tonight?', 'en'],
    ['hola a todos, ¿quién juega esta noche?', 'es'],
    ["quelqu'un peut m'aider avec la quête", 'fr'],
    ['kann mir jemand bei der quest helfen', 'de'],
    ['クエスト手伝ってくれる人いますか', 'ja'],
    ['هل يمكن لأحد مساعدتي في المهمة', 'ar'],
    ['이 버그 고치는 방법 아는 사람?', 'ko'],
    ['görevde bana yardım edebilecek var mı', 'tr'],
  ])('%s → %s', async (text, code) => {
    expect((await detectLanguage(text))?.code).toBe(code);
  });

  it('ignores mentions, links and emoji when judging', async () => {
    expect(
      (await detectLanguage('<@123456789> mira https://example.com/abc 👀 esto es increíble, amigos'))?.code,
    ).toBe('es');
  });

  it.each(['ok', 'lol', 'merci', 'gg 👍', '<@123> :wave:'])(
    'defers short text %j to the provider',
    async (text) => {
      expect(await detectLanguage(text)).toBeNull();
    },
  );

  it('defers when two close languages score alike (Russian vs Ukrainian/Bulgarian)', async () => {
    expect(await detectLanguage('отличная работа над новой картой')).toBeNull();
  });
});

describe('accuracy on 150 short chat messages in 15 languages (the measurement in docs/translation.md)', () => {
  it('is never confidently wrong, and decides most messages locally', async () => {
    let right = 0;
    let deferred = 0;
    const wrong: string[] = [];
    for (const [code, list] of Object.entries(SAMPLES)) {
      for (const text of list) {
        const d = await detectLanguage(text);
        if (!d) deferred += 1;
        else if (d.code === code) right += 1;
        else wrong.push(`${code}→${d.code}: ${text}`);
      }
    }
    console.log(`eld: ${right} right, ${wrong.length} wrong, ${deferred} deferred to the provider, of 150`);
    expect(wrong).toEqual([]);
    expect(right).toBeGreaterThanOrEqual(120);
  });
});
