import { useSyncExternalStore } from 'react';

/**
 * The height the cookie banner covers at the foot of the screen (issue 17), kept free for what must
 * stay in view: the page's end (body padding and scroll padding, set here on those two elements) and
 * the fixed bars, which read it with useBottomInset. Not a CSS variable on <html>, as it was: changing
 * one recalculated the style of every element of the page (70 ms of a 4× slowed CPU on Messages, N257).
 */
let inset = 0;
const listeners = new Set<() => void>();

export function setBottomInset(px: number) {
  if (px === inset) return;
  inset = px;
  const value = px > 0 ? `${px}px` : '';
  document.documentElement.style.scrollPaddingBottom = value;
  document.body.style.paddingBottom = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The banner's height in px, 0 when it is closed (and in the server's render). */
export const useBottomInset = () =>
  useSyncExternalStore(
    subscribe,
    () => inset,
    () => 0,
  );
