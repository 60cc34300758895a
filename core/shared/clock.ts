/** Time comes through this port (D29): core never reads the system clock itself. */
export interface Clock {
  now(): Date;
}

export const fixedClock = (iso: string): Clock & { advance(ms: number): void; set(iso: string): void } => {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(next: string) {
      t = new Date(next).getTime();
    },
  };
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
