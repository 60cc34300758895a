import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './features/notifications/api/push';
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
if (import.meta.env.PROD) window.addEventListener('load', () => void registerServiceWorker());
