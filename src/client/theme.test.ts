import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG's contrast ratio of two colours. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(full);
const colors = Object.entries(full.colors).filter(([name]) => name !== 'dark');

describe('theme contrast (WCAG 2.2 AA, issue 31)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: filled fills keep 4.5:1 with the text autoContrast puts on them`, () => {
      const shade = scheme === 'light' ? 6 : 5;
      const weak: string[] = [];
      for (const [name, shades] of colors) {
        // autoContrast judges the text on the light scheme's shade (6), whatever the scheme.
        const text = luminance(shades[6]) >= full.luminanceThreshold ? full.black : full.white;
        const fill = vars[scheme][`--mantine-color-${name}-filled`] ?? shades[shade];
        if (contrast(text, fill) < 4.5)
          weak.push(`${name}: ${text} on ${fill} ${contrast(text, fill).toFixed(2)}`);
      }
      expect(weak).toEqual([]);
    });
  }

  it('light: coloured text keeps 4.5:1 on white', () => {
    const weak = colors
      .map(([name]) => [name, vars.light[`--mantine-color-${name}-text`]] as const)
      .filter(([, ink]) => contrast(ink, '#ffffff') < 4.5);
    expect(weak).toEqual([]);
  });
});
