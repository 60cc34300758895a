import { photoSrcSet } from '../../../core/profiles/photo-type';

/**
 * `src`, `srcSet` and `sizes` for a photo URL from the API (issue 18): the server keeps copies 96, 320
 * and 800 px wide (`?w=`), so the browser fetches the smallest that fills `sizes` on its screen
 * instead of the 1600 px original. Spread onto an `<img>`; `sizes` is the rendered CSS width.
 */
export function photoSources(url: string, sizes: string) {
  return { src: url, srcSet: photoSrcSet(url), sizes };
}
