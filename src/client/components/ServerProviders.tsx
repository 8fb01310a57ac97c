import '../styles/public';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { MOBILE_QUERY } from '../lib/phone';
import { trpc } from '../trpc';

/** One tRPC client for the page's lifetime, whichever route mounts the providers first. */
const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: '/trpc',
      transformer: superjson,
      // The server refuses batches of more than 10 calls (src/server/core/public-limits.ts).
      maxItems: 10,
      fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
    }),
  ],
});

/** Spec section 9: F8 moves focus to the notification area (to read or dismiss a toast by keyboard). */
function NotificationHotkey() {
  useHotkeys(
    [
      [
        'F8',
        () => {
          // The area showing a toast (there is one area per screen corner), else the first.
          const area =
            document
              .querySelector('.mantine-Notification-root')
              ?.closest<HTMLElement>('.mantine-Notifications-root') ??
            document.querySelector<HTMLElement>('.mantine-Notifications-root');
          const target = area?.querySelector<HTMLElement>('button') ?? area;
          if (area && !area.hasAttribute('tabindex')) area.tabIndex = -1;
          target?.focus();
        },
      ],
    ],
    [],
  );
  return null;
}

/**
 * The layout route of every page that talks to the server through tRPC or shows toasts (the admin
 * shell, /login, forms): the tRPC client, the notification area and every Mantine style. It loads
 * with the first such route (src/client/router.tsx), never with the landing page.
 */
export default function ServerProviders() {
  const queryClient = useQueryClient();
  // On a phone a dialog's footer (Cancel, Create) sits at the bottom of the screen: toasts go to the
  // top there, so an error never covers the buttons that answer it.
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      {/* Spec section 9: one notification visible at a time, 5 s by default. */}
      <Notifications
        limit={1}
        autoClose={5000}
        position={phone ? 'top-center' : 'bottom-right'}
        zIndex={1000}
      />
      <NotificationHotkey />
      <Outlet />
    </trpc.Provider>
  );
}
