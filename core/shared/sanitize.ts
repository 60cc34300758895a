/**
 * Text sanitising shared by every module (001 §5). `sanitizeText` removes what could run or
 * load something in a browser; `textErrors` applies the generic input rules with their messages.
 * The same functions run in the browser for previews and on the server, which is the authority.
 */
import { GENERIC_MESSAGES } from './errors';

export const TEXT_MAX = 1000; // 001 §9
export const MESSAGE_MAX = 10_000; // 001 §9

export const INPUT_MESSAGES = {
  required: GENERIC_MESSAGES.required,
  invalid: GENERIC_MESSAGES.invalidInput,
  tooLong: (max: number) => `Text is too long (maximum ${max} characters)`,
  unsafe: 'Input contains potentially unsafe content',
} as const;

// Elements whose content goes with them (001 §5: scripts, iframe, object and embed content).
const BLOCK_ELEMENTS =
  /<(script|iframe|object|embed|style|noscript|template|xmp|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
/**
 * Every tag-like sequence. An HTML tokenizer starts a tag, an end tag, a comment or a declaration
 * only at `<` followed by a letter, `/`, `!` or `?` (HTML § 13.2.5.6 tag open state); any other `<`
 * is text. Removing each such `<` up to its `>` (or the end, as a browser would read it) leaves
 * nothing a browser parses as markup, so no element, attribute or inline handler survives in any
 * spelling (`<svg/onload=…>`, `<img src=x onerror=…>`, `<a href=javascript:…>`), while "<3" and
 * "5 > 3" stay text.
 */
const TAGS = /<[a-z!/?][^>]*(>|$)/gi;
const SCRIPT_URLS = /(java|vb|live)\s*script\s*:/gi;
const NON_IMAGE_DATA_URLS = /data\s*:(?!image\/(png|jpe?g|gif|webp|avif);)[^\s"'<>)]*/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Plain text with no markup (001 §5): script, frame and object elements go with their content,
 * comments and every other tag go, and so do script URLs and non-image data URLs in the text; the
 * length is capped. Messages are text: the web app renders them as text (React escapes), and what is
 * stored is safe even where some other reader puts it into HTML unescaped.
 */
export function sanitizeText(input: string, max = MESSAGE_MAX): string {
  let out = input.normalize('NFC').replace(CONTROL_CHARS, '');
  let previous: string;
  // Repeat until stable so removals cannot reassemble markup (<scr<script>ipt>, <<b>b>).
  do {
    previous = out;
    out = out
      .replace(BLOCK_ELEMENTS, '')
      .replace(COMMENTS, '')
      .replace(TAGS, '')
      .replace(SCRIPT_URLS, '')
      .replace(NON_IMAGE_DATA_URLS, '');
  } while (out !== previous);
  return out.trim().slice(0, max);
}

const UNSAFE = [/<\s*script\b/i, /(java|vb)script\s*:/i, /\bon(load|error)\s*=/i];

/** The generic input rules of 001 §5, in order; [] when the text is acceptable. */
export function textErrors(value: string, options: { required?: boolean; max?: number } = {}): string[] {
  const max = options.max ?? TEXT_MAX;
  if (value.trim().length === 0) return options.required ? [INPUT_MESSAGES.required] : [];
  if (value.length > max) return [INPUT_MESSAGES.tooLong(max)];
  if (UNSAFE.some((p) => p.test(value))) return [INPUT_MESSAGES.unsafe];
  return [];
}

/** A checked and cleaned single text field: trimmed, sanitised, or the first error. */
export function cleanText(
  value: string,
  options: { required?: boolean; max?: number } = {},
): { ok: true; value: string } | { ok: false; message: string } {
  const errors = textErrors(value, options);
  if (errors.length > 0) return { ok: false, message: errors[0] as string };
  const cleaned = sanitizeText(value, options.max ?? TEXT_MAX);
  if (options.required && cleaned.length === 0) return { ok: false, message: INPUT_MESSAGES.invalid };
  return { ok: true, value: cleaned };
}
