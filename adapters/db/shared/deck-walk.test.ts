import { describe, expect, it } from 'vitest';
import {
  type DeckPosition,
  type DeckWalkRunner,
  type DeckWalkStatement,
  extendPosition,
  HOLES_MAX,
  NO_POSITION,
  SCAN_CHUNK,
  walkCampus,
} from './deck-walk';

const rows = (spec: string, from = 1) => [...spec].map((c, i) => ({ seq: from + i, done: c === 'x' }));

describe('extendPosition (N156)', () => {
  it('passes swiped students, keeps the unswiped ones between them as holes, and stops at the last swiped one', () => {
    // x: swiped (or the viewer), .: not swiped
    const { next, full } = extendPosition(0, [], rows('xx.xxx.x..'));
    expect(next).toEqual({ position: 8, holes: [3, 7], checkedTo: 10 });
    expect(full).toBe(false);
  });

  it('keeps the holes it already had, and stops before the holes would pass the maximum', () => {
    const { next, full } = extendPosition(10, [2, 5], rows('x.x..x', 11), 4);
    // 12 and 14 fill the four places; 15 would be a fifth hole, so the position stays after 13.
    expect(next).toEqual({ position: 13, holes: [2, 5, 12], checkedTo: 14 });
    expect(full).toBe(true);
  });

  it('does not move when nothing was swiped', () => {
    expect(extendPosition(4, [1], rows('....', 5)).next).toEqual({ position: 4, holes: [1], checkedTo: 8 });
  });
});

/** A campus of students in deck_seq order: 'x' swiped by the viewer, '.' not; all eligible but swiped ones. */
function fakeCampus(spec: string) {
  const calls: { name: DeckWalkStatement; params: Record<string, unknown> }[] = [];
  const saved: Record<string, unknown>[] = [];
  const students = [...spec].map((c, i) => ({ deck_seq: i + 1, done: c === 'x' }));
  const run: DeckWalkRunner = async (name, params) => {
    calls.push({ name, params });
    const from = Number(params.from ?? 0);
    const holes = params.holes ? (JSON.parse(String(params.holes)) as number[]) : [];
    const limit = Number(params.limit ?? Number.MAX_SAFE_INTEGER);
    const open = students.filter((s) => !s.done);
    switch (name) {
      case 'walk':
        return open.filter((s) => s.deck_seq > from).slice(0, limit);
      case 'holes':
        return open.filter((s) => holes.includes(s.deck_seq)).slice(0, limit);
      case 'count':
        return [{ n: students.filter((s) => s.deck_seq > from && s.deck_seq <= Number(params.to)).length }];
      case 'scan':
        return students
          .filter((s) => s.deck_seq > from)
          .slice(0, limit)
          .map((s) => ({ deck_seq: s.deck_seq, done: s.done ? 1 : 0 }));
      case 'openHoles':
        return open.filter((s) => holes.includes(s.deck_seq));
      case 'save':
        saved.push(params);
        return [];
      default:
        return [];
    }
  };
  return { run, calls, saved };
}

const params = { me: 'viewer' };
const now = new Date('2026-11-27T12:00:00Z');

describe('walkCampus (N156)', () => {
  it('keeps a position once a walk skipped many swiped students, and the next walk starts from it', async () => {
    const spec = `${'x'.repeat(300)}.${'x'.repeat(50)}${'.'.repeat(40)}`;
    const campus = fakeCampus(spec);
    const first = await walkCampus(campus.run, 'Emory University', NO_POSITION, 10, params, now);
    expect(first.map((r) => r.deck_seq)).toEqual([301, 352, 353, 354, 355, 356, 357, 358, 359, 360]);
    expect(campus.saved).toEqual([expect.objectContaining({ position: 351, holes: '[301]', checkedTo: 391 })]);

    const start: DeckPosition = { position: 351, holes: [301], checkedTo: 391 };
    const again = fakeCampus(spec);
    const second = await walkCampus(again.run, 'Emory University', start, 10, params, now);
    expect(second).toEqual(first);
    // The hole, then the walk from past the position: nothing swiped is read again, nothing saved.
    expect(again.calls.map((c) => c.name)).toEqual(['holes', 'walk']);
    expect(again.calls[1]?.params.from).toBe(351);
    expect(again.saved).toEqual([]);
  });

  it('leaves no position for a viewer who swiped few, and reads no further than the walk', async () => {
    const campus = fakeCampus(`x.x${'.'.repeat(100)}`);
    await walkCampus(campus.run, 'Emory University', NO_POSITION, 20, params, now);
    expect(campus.calls.map((c) => c.name)).toEqual(['walk', 'count']);
    expect(campus.saved).toEqual([]);
  });

  it('reads a long swiped run in chunks and keeps at most HOLES_MAX holes', async () => {
    const swiped = SCAN_CHUNK * 2 + 10;
    const spec = `${'x'.repeat(swiped)}${'x.'.repeat(HOLES_MAX + 10)}${'.'.repeat(30)}`;
    const campus = fakeCampus(spec);
    await walkCampus(campus.run, 'Emory University', NO_POSITION, 5, params, now);
    expect(campus.calls.filter((c) => c.name === 'scan')).toHaveLength(3);
    const [save] = campus.saved;
    const holes = JSON.parse(String(save?.holes)) as number[];
    expect(holes).toHaveLength(HOLES_MAX);
    // It stopped before the hole that would have been one too many: every student up to it is swiped or a hole.
    expect(save?.position).toBe(swiped + HOLES_MAX * 2 + 1);
    for (let seq = 1; seq <= Number(save?.position); seq++) {
      expect(spec[seq - 1] === 'x' || holes.includes(seq)).toBe(true);
    }
  });
});
