/*
 * Nestmate's service worker (issue 19): shows web pushes, opens their link on click, and keeps a
 * "You're offline" page for a reload without a connection. Navigations always go to the network
 * first, so nothing is served stale and page measurements see the real server (N103).
 */
const CACHE = 'nestmate-shell-v1';
const OFFLINE_URL = '/offline.html';
const SHELL = [OFFLINE_URL, '/icons/icon-192.png', '/manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate') return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
});

const conversationOf = (link) => {
  try {
    return new URL(link, self.location.origin).searchParams.get('conversation');
  } catch {
    return null;
  }
};

/** A push's payload: title, body and link only, never message text (N98). */
async function showPush(data) {
  const link = typeof data.link === 'string' && data.link.startsWith('/') ? data.link : '/';
  const chat = conversationOf(link);
  // The chat is on screen in a focused window: it reads the message itself (N97).
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (chat && windows.some((w) => w.focused && conversationOf(w.url) === chat)) return;
  await self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Nestmate', {
    body: typeof data.body === 'string' ? data.body : '',
    // One notification per chat on the device, replaced by the newest.
    tag: chat ? `chat-${chat}` : typeof data.id === 'string' ? data.id : undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { link },
  });
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(showPush(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data?.link || '/';
  event.waitUntil(
    (async () => {
      const url = new URL(link, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        return existing.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
