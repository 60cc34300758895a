import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppScreen } from './app/routes/home';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
const render = () => createRoot(root).render(app);

// A signed-in student's page carries its first API answers (N178), put into the cache before the first
// render, with the first screen's module when the page names it (N199); when the server rendered that
// screen into #root from the same answers, it is hydrated (N220). The code that reads them is a chunk of
// its own, preloaded by that page only, so signed-out visitors never download it.
const firstLoad = document.getElementById('nestmate-first-load');
if (firstLoad) {
  import('./app/first-load')
    .then(async (m) => {
      // Before the page's answers become queries (N259).
      m.coalesceQueryTimers();
      // The app screen's module, preloaded by the page (N177), is loaded before the first render, which
      // then draws the screen rather than a loading screen first (N199). If it fails, the route shows why.
      if (m.seedFirstLoad(queryClient, firstLoad) === 'app') await AppScreen.preload().catch(() => null);
      m.renderFirstScreen(root, app);
    })
    .catch((error: unknown) => {
      console.error('First-load data not used; the page fetches it instead', error);
      render();
    });
} else {
  render();
}

// The service worker shows pushes and the offline page (issue 19); registered after load so it never
// competes with the first render, and only in built apps (Vite's dev server has no sw.js to keep).
// Its module loads then too, outside the first load (N174).
// A server-rendered Discover runs this entry after its first paint (N246), often after `load` has fired.
if (import.meta.env.PROD) {
  const register = () => void import('./features/notifications/api/push').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
