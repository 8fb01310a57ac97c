import {
  createTheme,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
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
  cursorType: 'pointer',
});

/** Puts the theme on <html> as a class (spec) beside Mantine's own attribute. */
export function applyThemeClass(value: ThemeName): void {
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
