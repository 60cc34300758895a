import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker shows pushes and the offline page (issue 19); registered after load so it never
// competes with the first render, and only in built apps (Vite's dev server has no sw.js to keep).
// Its module loads then too, outside the first load (N174).
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./features/notifications/api/push').then((m) => m.registerServiceWorker());
  });
}
