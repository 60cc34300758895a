import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

let loaded: Sonner | null = null;
let loading: Promise<Sonner> | null = null;

/** sonner is 10 KB gzip: it loads after the first render, not with the entry (N173). */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((m) => {
    loaded = m.toast;
    return m.toast;
  });
  return loading;
}

// A call made before sonner has loaded runs once it has, in the order made. sonner keeps the toast
// and its <Toaster> shows every toast still active when it mounts, so none is lost.
function run(call: (toast: Sonner) => void) {
  if (loaded) call(loaded);
  else void loadSonner().then(call);
}

/** The app's toasts: sonner's `toast`, without sonner in the landing page's first load. */
export const toast = Object.assign((...args: Parameters<Sonner>) => run((t) => t(...args)), {
  success: (...args: Parameters<Sonner['success']>) => run((t) => t.success(...args)),
  error: (...args: Parameters<Sonner['error']>) => run((t) => t.error(...args)),
  dismiss: (...args: Parameters<Sonner['dismiss']>) => run((t) => t.dismiss(...args)),
});
