import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme, themeManager } from './theme';

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

/**
 * What every page needs: Mantine's theme and the query cache, around `router`. The browser renders
 * it (main.tsx) and the build renders the public pages with it into their HTML (prerender.tsx).
 * The tRPC client and the notification area come with the routes that use them
 * (components/ServerProviders.tsx, router.tsx).
 */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
