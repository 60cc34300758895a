/**
 * Re-encodes every upload with sharp (D26): decoding proves it is an image, `rotate()` applies
 * the EXIF orientation, and writing WebP without `withMetadata()` drops EXIF, GPS and ICC data.
 */
import sharp from 'sharp';
import type { ImageProcessor } from '../../core/profiles/ports';

export const LONGEST_SIDE = 1600;

/** Decoded (which proves it is an image), turned upright, fitted to a `side` box and written as WebP; null when it does not decode. */
async function webp(bytes: Uint8Array, side: number, fit: 'inside' | 'outside', quality: number) {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data),
      ext: 'webp',
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

export class SharpImageProcessor implements ImageProcessor {
  reencode(bytes: Uint8Array) {
    return webp(bytes, LONGEST_SIDE, 'inside', 82);
  }

  /** Issue 18: the shorter side becomes `width` (`fit: outside`), so the copy covers a box that wide. */
  variant(bytes: Uint8Array, width: number) {
    return webp(bytes, width, 'outside', 78);
  }
}
