import './styles/landing';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';

/**
 * Marks the page as React's: sections deferred until then (`content-visibility: auto` on the
 * pricing page's table and FAQ, pricing.module.css) are drawn from then on as the rest. Called in a
 * task of its own, so their style and layout are not added to the first paint's nor to hydration's.
 */
const rendered = () => document.documentElement.setAttribute('data-rendered', '');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = createAppRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
if (root.firstElementChild) {
  // A public page the build rendered (prerender.tsx): its route's lazy modules load first (the page
  // links them as modulepreload), then React takes over the markup in place. The router renders as
  // it did at the build (TanStack Router's SSR mode: no Suspense boundary around the matches).
  router.ssr = { manifest: undefined };
  const loaded = router.load();
  // The page is already drawn and styled: React takes it over when the browser is next idle, or at
  // once when the visitor acts first (pointerdown comes before its click, which React then replays
  // on the hydrated page; the contact form adopts what was typed before). The load's own work and
  // hydration are then two shorter tasks instead of one long one during the first paint's load.
  const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) removeEventListener(type, hydrate, true);
    void loaded.then(() => {
      startTransition(() => void hydrateRoot(root, app));
      setTimeout(rendered, 0);
    });
  };
  for (const type of INTERACTIONS) addEventListener(type, hydrate, { capture: true, passive: true });
  if ('requestIdleCallback' in window) requestIdleCallback(hydrate, { timeout: 2000 });
  else setTimeout(hydrate, 1);
} else {
  createRoot(root).render(app);
  rendered();
}
