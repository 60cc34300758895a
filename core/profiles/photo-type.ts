/** Content sniffing for uploads (D26): the bytes decide, never the file name or the client's type. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

const startsWith = (b: Uint8Array, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'mif1', 'msf1', 'hevc'].includes(brand)) return 'heic';
  }
  return null;
}

/** Storage key of 000 §7 / D26: {userId}/{timestamp}.{ext}, with a suffix so two uploads in one ms differ. */
export const photoKey = (userId: string, at: Date, suffix: string, ext: string) =>
  `${userId}/${at.getTime()}-${suffix}.${ext}`;

/**
 * Sized copies stored beside every photo (issue 18): avatars and list thumbnails (96), cards on a
 * phone (320 and 800); the original (at most 1600 px) stays for the largest screens. Each copy's
 * shorter side is the width named, so it covers a square or portrait box of that width.
 */
export const PHOTO_VARIANT_WIDTHS = [96, 320, 800] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];

export const isPhotoVariantWidth = (width: number): width is PhotoVariantWidth =>
  (PHOTO_VARIANT_WIDTHS as readonly number[]).includes(width);

/** A copy's key comes from its photo's key, so no table records it: `{userId}/{name}-w{width}.webp`. */
export const photoVariantKey = (key: string, width: PhotoVariantWidth) =>
  `${key.replace(/\.[A-Za-z0-9]+$/, '')}-w${width}.webp`;

/** The longest side of a stored photo (adapters/images): the original is the largest candidate. */
export const PHOTO_ORIGINAL_WIDTH = 1600;

/** `srcset` for a photo URL from the API: each sized copy (`?w=`), then the original (issue 18). */
export function photoSrcSet(url: string): string {
  const join = url.includes('?') ? '&' : '?';
  return [...PHOTO_VARIANT_WIDTHS.map((w) => `${url}${join}w=${w} ${w}w`), `${url} ${PHOTO_ORIGINAL_WIDTH}w`].join(
    ', ',
  );
}

/**
 * The deck card photo's rendered width (`sizes`): the page width on phones, half the wide layout
 * beside the details. The web card and the server's preload of the first card's photo (N179) use
 * the same `srcset` and `sizes`, so the browser takes the preloaded copy.
 */
export const DECK_CARD_PHOTO_SIZES = '(min-width: 768px) 36rem, 100vw';

/** Every object a photo keeps in the store: the photo itself and its sized copies. */
export const photoObjectKeys = (key: string) => [key, ...PHOTO_VARIANT_WIDTHS.map((w) => photoVariantKey(key, w))];
