/**
 * How much to fuzz: a fixed seed and a few hundred cases per operation in CI; more locally with
 * `FUZZ_RUNS=5000 FUZZ_SEED=123 npx vitest run --project quality`.
 */
const number = (value: string | undefined, fallback: number) => {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : fallback;
};

export const FUZZ_RUNS = number(process.env.FUZZ_RUNS, 200);
export const FUZZ_SEED = number(process.env.FUZZ_SEED, 20_260_911);

/** A seed per operation, so adding a route does not change the cases of the others. */
export function seedFor(name: string): number {
  let h = FUZZ_SEED | 0;
  for (const ch of name) h = (Math.imul(h ^ ch.charCodeAt(0), 16_777_619) + 0x9e3779b9) | 0;
  return h;
}
