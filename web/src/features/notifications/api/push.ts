/**
 * Web push in the browser (issue 19): the service worker, the permission (asked only after a
 * student's first match or first message, N101), and the PushManager subscription the server sends to.
 */
import { api } from '../../../lib/api-client';

export const SERVICE_WORKER_URL = '/sw.js';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Registers the service worker (it also keeps the app shell for offline reloads). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.error('Service worker registration failed', error);
    return null;
  }
}

const base64UrlToBytes = (value: string) => {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

export type PushResult = 'subscribed' | 'denied' | 'unsupported' | 'unavailable' | 'failed';

/**
 * Asks for permission (call it from a click) and subscribes this browser. `unavailable`: the
 * server sends no push (no VAPID keys, N100).
 */
export async function enablePush(vapidPublicKey: string | null): Promise<PushResult> {
  if (!pushSupported()) return 'unsupported';
  if (!vapidPublicKey) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      }));
    const json = subscription.toJSON();
    await api('POST /api/notifications/push-subscriptions', {
      body: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
    return 'subscribed';
  } catch (error) {
    console.error('Push subscription failed', error);
    return 'failed';
  }
}

export async function disablePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api('POST /api/notifications/push-subscriptions/remove', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export const permissionState = (): NotificationPermission | 'unsupported' =>
  pushSupported() ? Notification.permission : 'unsupported';

const ASKED_KEY = 'nestmate.push-asked';
/** Whether we already offered push in this browser (the offer is made once; Settings has the switch). */
export const pushOffered = () => localStorage.getItem(ASKED_KEY) === '1';
export const rememberPushOffered = () => localStorage.setItem(ASKED_KEY, '1');
