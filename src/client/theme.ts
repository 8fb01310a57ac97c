import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
  type TableScrollContainerProps,
} from '@mantine/core';

/** Spec section 3: the theme is stored in localStorage under `theme`, dark by default. */
export const THEME_KEY = 'theme';
export type ThemeName = 'dark' | 'light';

const dark: MantineColorsTuple = [
  '#C1C2C5',
  '#A6A7AB',
  '#909296',
  '#5c5f66',
  '#373A40',
  '#2C2E33',
  '#25262b',
  '#1A1B1E',
  '#141517',
  '#101113',
];

const blurple: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefe',
  '#b5b9f7',
  '#8c92f2',
  '#6971ee',
  '#545deb',
  '#4852eb',
  '#3a43d1',
  '#313bbc',
  '#2533a6',
];

export const theme = createTheme({
  primaryColor: 'blurple',
  primaryShade: { light: 6, dark: 5 },
  colors: { dark, blurple },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  autoContrast: true,
  cursorType: 'pointer',
  components: {
    // A table wider than the screen scrolls in its box: the box takes the keyboard focus, so it
    // scrolls by arrow keys too (WCAG 2.1.1, axe's scrollable-region-focusable). A plain object,
    // not TableScrollContainer.extend(): importing the component would put ScrollArea and
    // floating-ui into every page's first bundle.
    TableScrollContainer: {
      defaultProps: {
        scrollAreaProps: { viewportProps: { tabIndex: 0 } },
      } satisfies Partial<TableScrollContainerProps>,
    },
  },
});

/** WCAG's contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour for text of `shades` in light mode (`c="teal"`, light badges and alerts): the lightest
 * of shades 7 to 9 with 4.5:1 on the colour's own tint (shade 1, the light variant's background,
 * so also on white), else shade 9 darkened until it has.
 */
function lightInk(shades: MantineColorsTuple): string {
  const found = [7, 8, 9].map((i) => shades[i]).find((c) => contrast(c, shades[1]) >= 4.5);
  let ink = found ?? shades[9];
  for (let k = 0.05; contrast(ink, shades[1]) < 4.5 && k < 1; k += 0.05) ink = darken(shades[9], k);
  return ink;
}

/**
 * WCAG 2.2 AA contrast (4.5:1 for text) in both schemes, over Mantine's defaults, which put text
 * in light mode at shade 6 (gray 3.3:1, green 2.4:1 on white) and light badges at shade 9 on the
 * tint (teal 4.3:1):
 * - light: secondary ("dimmed") and gray text #575e66 (6.6:1 on white, 5.0:1 on the blurple tint),
 *   every other colour's text, light-variant and outline colour from `lightInk`;
 * - dark: blurple text, links and light badges shade 3 (6.2:1 on the page, 5.8:1 on the tint;
 *   shade 4 gave 4.0:1). Other colours' dark-mode text (shade 4) already passes.
 * Filled buttons and badges pick dark or white text by the fill (`autoContrast` in the theme).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#575e66' };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    const ink = name === 'gray' ? '#575e66' : lightInk(shades);
    light[`--mantine-color-${name}-text`] = ink;
    light[`--mantine-color-${name}-light-color`] = ink;
    light[`--mantine-color-${name}-outline`] = ink;
  }
  light['--mantine-color-anchor'] = light['--mantine-color-blurple-text'];
  const blurple3 = t.colors.blurple[3];
  const dark: Record<string, string> = {
    '--mantine-color-anchor': blurple3,
    '--mantine-color-blurple-text': blurple3,
    '--mantine-color-blurple-light-color': blurple3,
  };
  Object.assign(light, filledColors(t, 'light'));
  Object.assign(dark, filledColors(t, 'dark'));
  return { variables: {}, light, dark };
};

/**
 * Fills that keep 4.5:1 with the text `autoContrast` puts on them. Mantine judges the text colour
 * once, on the light scheme's shade (6): white for blue, red, blurple… But the dark scheme fills
 * with shade 5 (white on red 5 is 2.8:1), and some shade 6 fills are too light for white already
 * (blue 6: 3.6:1). Where white text was chosen, the fill is the first shade from the judged one
 * that gives white 4.5:1, in both schemes; where dark text was chosen it already has more.
 */
function filledColors(
  t: Parameters<CSSVariablesResolver>[0],
  scheme: 'light' | 'dark',
): Record<string, string> {
  const judged = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || luminance(shades[judged]) >= t.luminanceThreshold) continue;
    const schemeShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade[scheme];
    let i = Math.max(judged, schemeShade);
    while (i < 9 && contrast('#ffffff', shades[i]) < 4.5) i++;
    if (i === schemeShade) continue;
    out[`--mantine-color-${name}-filled`] = shades[i];
    out[`--mantine-color-${name}-filled-hover`] = shades[Math.min(i + 1, 9)];
  }
  return out;
}

/** Puts the theme on <html> as a class (spec) beside Mantine's own attribute. */
export function applyThemeClass(value: ThemeName): void {
  if (typeof document === 'undefined') return; // the build's prerender (prerender.tsx)
  const root = document.documentElement;
  root.classList.remove('dark', 'light');
  root.classList.add(value);
  root.style.colorScheme = value;
  root.style.backgroundColor = '';
}

function readStored(): ThemeName | null {
  try {
    const v = window.localStorage.getItem(THEME_KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Mantine's colour scheme manager over localStorage['theme'] ('dark' | 'light'), keeping the
 * class on <html> in step and following changes made in other tabs.
 */
export function themeManager(): MantineColorSchemeManager {
  let handler: ((e: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => {
      const v = readStored() ?? (defaultValue === 'light' ? 'light' : 'dark');
      applyThemeClass(v);
      return v;
    },
    set: (value: MantineColorScheme) => {
      const v: ThemeName = value === 'light' ? 'light' : 'dark';
      try {
        window.localStorage.setItem(THEME_KEY, v);
      } catch {
        // private mode: the choice lasts for this page only
      }
      applyThemeClass(v);
    },
    subscribe: (onUpdate) => {
      handler = (e) => {
        if (
          e.storageArea === window.localStorage &&
          e.key === THEME_KEY &&
          (e.newValue === 'dark' || e.newValue === 'light')
        ) {
          onUpdate(e.newValue);
        }
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
      handler = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
