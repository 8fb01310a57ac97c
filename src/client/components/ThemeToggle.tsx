import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * Switches dark and light; the choice is kept in localStorage['theme'] (see theme.ts). The page may
 * come prerendered (src/client/prerender.tsx, dark by default): both icons are in its markup and
 * CSS shows the one for <html>'s scheme, and the label follows the stored theme once hydrated.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('dark');
  // false while React hydrates a prerendered page (the markup as rendered at build), true after.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const scheme = hydrated ? computed : 'dark';
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => setColorScheme(next)}
    >
      <Box component="span" display="flex" lightHidden>
        <IconSun size={18} stroke={1.6} />
      </Box>
      <Box component="span" display="flex" darkHidden>
        <IconMoon size={18} stroke={1.6} />
      </Box>
    </ActionIcon>
  );
}
