import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { pageTitle } from './title';
import { createAppRouter } from './router';

/**
 * The public pages the build renders into HTML (vite.config.ts's prerender plugin), so the page shows
 * before any script runs and main.tsx hydrates it. Each lists the modules its route loads on demand
 * (their CSS is linked and their scripts preloaded in the page's head), as router.tsx's page() loads
 * them: styles/app.ts with every lazy page (styles/public.ts with contact, styles/pricing.ts with pricing),
 * components/ServerProviders.tsx for the pages with forms.
 */
export const PRERENDERED: Record<string, string[]> = {
  '/': [],
  '/pricing': ['src/client/styles/pricing.ts', 'src/client/pages/public/Pricing.tsx'],
  '/contact': [
    'src/client/styles/public.ts',
    'src/client/components/ServerProviders.tsx',
    'src/client/pages/public/Contact.tsx',
  ],
  '/terms': ['src/client/styles/app.ts', 'src/client/pages/public/Terms.tsx'],
  '/privacy': ['src/client/styles/app.ts', 'src/client/pages/public/Privacy.tsx'],
  '/setup': ['src/client/styles/app.ts', 'src/client/features/setup/SetupGuidePage.tsx'],
};

/** The page at `path`: the markup of #root and the document's title. */
export async function render(path: string): Promise<{ html: string; title: string }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const html = renderToString(<App router={router} />);
  return { html, title: pageTitle(path) };
}
