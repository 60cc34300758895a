import { describe, expect, it } from 'vitest';
import { photoSources } from './photo';

describe('photoSources (issue 18)', () => {
  it('offers the stored copies and the original, described by width', () => {
    expect(photoSources('/media/u1/1700000000000-abcd1234.webp', '48px')).toEqual({
      src: '/media/u1/1700000000000-abcd1234.webp',
      srcSet:
        '/media/u1/1700000000000-abcd1234.webp?w=96 96w, /media/u1/1700000000000-abcd1234.webp?w=320 320w, ' +
        '/media/u1/1700000000000-abcd1234.webp?w=800 800w, /media/u1/1700000000000-abcd1234.webp 1600w',
      sizes: '48px',
    });
  });
});
