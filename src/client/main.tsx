import './styles/landing';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './router';
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
 * What every page needs: Mantine's theme and the query cache. The tRPC client and the notification
 * area come with the routes that use them (components/ServerProviders.tsx, src/client/router.tsx).
 */
function App() {
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

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
