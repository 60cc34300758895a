import { EXIT, run } from './main';
import { cliHarness } from './test-harness';

describe('nestmate most-compatible compute', () => {
  const h = cliHarness('nestmate-cli-mc-');
  const { out, env } = h;

  it("stores every campus's matching of the day once, and leaves stored runs alone", async () => {
    expect(await run(['seed', '--demo', '12', '--seed', '3', '--json'], env())).toBe(EXIT.ok);
    out.length = 0;
    expect(await run(['most-compatible', 'compute', '--day', '2026-11-27', '--json'], env())).toBe(EXIT.ok);
    const first = JSON.parse(out.join('\n')) as {
      day: string;
      campuses: { campus: string; stored: boolean; students: number; paired: number }[];
    };
    expect(first.day).toBe('2026-11-27');
    expect(first.campuses).toHaveLength(22);
    expect(first.campuses.every((c) => c.stored)).toBe(true);
    // The demo students are somewhere: at least one campus paired some of them.
    expect(first.campuses.some((c) => c.paired >= 2)).toBe(true);
    out.length = 0;
    expect(await run(['most-compatible', 'compute', '--day', '2026-11-27', '--json'], env())).toBe(EXIT.ok);
    const again = JSON.parse(out.join('\n')) as typeof first;
    expect(again.campuses.every((c) => !c.stored)).toBe(true);
  });

  it('refuses a day that is not yyyy-mm-dd', async () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    expect(await run(['most-compatible', 'compute', '--day', '27/11/2026'], env())).toBe(EXIT.usage);
    expect(stderr.join('')).toContain('must be a date as yyyy-mm-dd');
  });
});
