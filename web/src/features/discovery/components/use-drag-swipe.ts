import { type PointerEvent, useRef, useState } from 'react';

/** How far (px) or how fast (px/ms, past a short start) a drag must go to count as a swipe. */
export const DRAG = { distance: 120, velocity: 0.6, minForFling: 40, slop: 8, maxTilt: 15 } as const;

type Drag = { id: number; x0: number; y0: number; dragging: boolean; lastX: number; lastT: number; v: number };

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Drag-to-swipe for the deck card (issue 17), with plain pointer events so mouse, pen and touch
 * behave alike: a horizontal drag past `DRAG.distance`, or a fling faster than `DRAG.velocity`,
 * likes (right) or passes (left); anything less springs back. Vertical movement is left to the
 * page (`touch-action: pan-y` on the handle), so the card still scrolls on a phone. With reduced
 * motion the card does not move or tilt; only the stamp shows where the drag would go.
 */
export function useDragSwipe(onSwipe: (action: 'like' | 'pass') => void, disabled: boolean) {
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const [dx, setDx] = useState(0);

  const reset = () => {
    drag.current = null;
    setDx(0);
  };

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
      dragged.current = false;
      drag.current = {
        id: e.pointerId,
        x0: e.clientX,
        y0: e.clientY,
        dragging: false,
        lastX: e.clientX,
        lastT: e.timeStamp,
        v: 0,
      };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const x = e.clientX - d.x0;
      const y = e.clientY - d.y0;
      if (!d.dragging) {
        if (Math.abs(x) < DRAG.slop || Math.abs(x) < Math.abs(y)) return;
        d.dragging = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      const dt = e.timeStamp - d.lastT;
      if (dt > 0) d.v = (e.clientX - d.lastX) / dt;
      d.lastX = e.clientX;
      d.lastT = e.timeStamp;
      setDx(x);
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const x = e.clientX - d.x0;
      if (d.dragging) dragged.current = true;
      const fling =
        Math.abs(x) >= DRAG.minForFling && Math.abs(d.v) >= DRAG.velocity && Math.sign(d.v) === Math.sign(x);
      reset();
      if (d.dragging && !disabled && (Math.abs(x) >= DRAG.distance || fling)) onSwipe(x > 0 ? 'like' : 'pass');
    },
    onPointerCancel: reset,
    // A drag is not a click: it must not open the profile under the pointer.
    onClickCapture: (e: { preventDefault(): void; stopPropagation(): void }) => {
      if (!dragged.current) return;
      dragged.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };

  // Read only while dragging: a card at rest renders the same on the server (N220), which has no window.
  const still = dx !== 0 && reducedMotion();
  const tilt = Math.max(-DRAG.maxTilt, Math.min(DRAG.maxTilt, dx / 12));
  const style =
    dx === 0 || still
      ? undefined
      : { transform: `translateX(${dx}px) rotate(${tilt}deg)`, transition: 'none', touchAction: 'pan-y' as const };
  const stamp =
    dx === 0
      ? null
      : { action: dx > 0 ? ('like' as const) : ('pass' as const), strength: Math.min(1, Math.abs(dx) / DRAG.distance) };
  return { handlers, style, stamp };
}
