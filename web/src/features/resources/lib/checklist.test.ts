import { checklistProgress, toggleItem } from './checklist';

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('checklistProgress', () => {
  it('counts checked over total and rounds the percent', () => {
    expect(checklistProgress(new Set(), ids)).toEqual({ checked: 0, total: 7, percent: 0 });
    expect(checklistProgress(new Set(['a', 'c']), ids)).toEqual({ checked: 2, total: 7, percent: 29 });
    expect(checklistProgress(new Set(ids), ids)).toEqual({ checked: 7, total: 7, percent: 100 });
  });

  it('ignores ids that are not on the list', () => {
    expect(checklistProgress(new Set(['a', 'zzz']), ids)).toEqual({ checked: 1, total: 7, percent: 14 });
  });

  it('is 0% for an empty list', () => {
    expect(checklistProgress(new Set(), [])).toEqual({ checked: 0, total: 0, percent: 0 });
  });
});

describe('toggleItem', () => {
  it('ticks and unticks without changing the set it was given', () => {
    const before = new Set(['a']);
    const after = toggleItem(before, 'b');
    expect([...after].sort()).toEqual(['a', 'b']);
    expect([...toggleItem(after, 'a')]).toEqual(['b']);
    expect([...before]).toEqual(['a']);
  });
});
