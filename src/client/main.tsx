import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { httpBatchLink } from '@trpc/client';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import { router } from './router';
import { theme, themeManager } from './theme';
import { trpc } from './trpc';

/** Spec section 7: cached data never goes stale, no refetch on focus, no retries. */
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

const colorSchemeManager = themeManager();

/** Spec section 9: F8 moves focus to the notification area (to read or dismiss a toast by keyboard). */
function NotificationHotkey() {
  useHotkeys(
    [
      [
        'F8',
        () => {
          const area = document.querySelector<HTMLElement>('.mantine-Notifications-root');
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

function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          // The server refuses batches of more than 10 calls (src/server/core/public-limits.ts).
          maxItems: 10,
          fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
        }),
      ],
    }),
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
      {/* Spec section 9: one notification visible at a time, 5 s by default. */}
      <Notifications limit={1} autoClose={5000} position="bottom-right" zIndex={1000} />
      <NotificationHotkey />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
