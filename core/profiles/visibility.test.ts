import { canViewProfile } from './visibility';

describe('canViewProfile (issue 14; D19, D25, N22)', () => {
  const open = { ownerStatus: 'active' as const, blockedEitherWay: false };

  it('shows an active, unblocked student, and yourself in any state', () => {
    expect(canViewProfile('a', 'b', open)).toBe(true);
    expect(canViewProfile('a', 'a', { ownerStatus: 'deleted', blockedEitherWay: true })).toBe(true);
  });

  it('hides a block either way, a suspension, a deletion request and a missing account alike', () => {
    expect(canViewProfile('a', 'b', { ...open, blockedEitherWay: true })).toBe(false);
    for (const ownerStatus of ['suspended', 'deleted', null] as const) {
      expect(canViewProfile('a', 'b', { ...open, ownerStatus })).toBe(false);
    }
  });
});
