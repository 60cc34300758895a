import { PHOTO_VARIANT_WIDTHS } from '../../../core/profiles/photo-type';

/** The longest side of a stored photo (adapters/images): the original is the largest candidate. */
const ORIGINAL_WIDTH = 1600;

/**
 * `src`, `srcSet` and `sizes` for a photo URL from the API (issue 18): the server keeps copies 96, 320
 * and 800 px wide (`?w=`), so the browser fetches the smallest that fills `sizes` on its screen
 * instead of the 1600 px original. Spread onto an `<img>`; `sizes` is the rendered CSS width.
 */
export function photoSources(url: string, sizes: string) {
  const join = url.includes('?') ? '&' : '?';
  return {
    src: url,
    srcSet: [...PHOTO_VARIANT_WIDTHS.map((w) => `${url}${join}w=${w} ${w}w`), `${url} ${ORIGINAL_WIDTH}w`].join(', '),
    sizes,
  };
}
