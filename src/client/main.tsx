import './styles/landing';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';

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
  void router.load().then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
