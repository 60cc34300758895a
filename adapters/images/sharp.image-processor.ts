/**
 * Re-encodes every upload with sharp (D26): decoding proves it is an image, `rotate()` applies
 * the EXIF orientation, and writing WebP without `withMetadata()` drops EXIF, GPS and ICC data.
 */
import sharp from 'sharp';
import type { ImageProcessor } from '../../core/profiles/ports';

export const LONGEST_SIDE = 1600;

export class SharpImageProcessor implements ImageProcessor {
  async reencode(bytes: Uint8Array) {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
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

  /** Issue 18: the shorter side becomes `width` (`fit: outside`), so the copy covers a box that wide. */
  async variant(bytes: Uint8Array, width: number) {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize({ width, height: width, fit: 'outside', withoutEnlargement: true })
        .webp({ quality: 78 })
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
}
