/**
 * One rule for every short text shown as a name (profile names, group names), on the server and in
 * the browser (issue 14). Bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069, U+061C),
 * zero-width and other format characters (U+200B–U+200F, U+2060, U+FEFF, U+180E: Unicode's Cf
 * category), invisible fillers and control characters change how a name reads, or let two names look
 * the same, without being seen: they are removed, and runs of whitespace become one space.
 */
const LINE_BREAKS = /[\t\n\r\v\f\u0085\u2028\u2029]/g;
const INVISIBLE = /[\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0]/gu;

export function cleanName(raw: string): string {
  return raw.normalize('NFC').replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}
