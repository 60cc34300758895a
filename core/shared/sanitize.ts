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

const BLOCK_ELEMENTS = /<(script|iframe|object|embed|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const LONE_ELEMENTS = /<\/?(script|iframe|object|embed|style)\b[^>]*>/gi;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const EVENT_HANDLERS = /\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const SCRIPT_URLS = /(java|vb)script\s*:/gi;
const NON_IMAGE_DATA_URLS = /data\s*:(?!image\/(png|jpe?g|gif|webp|avif);)[^\s"'<>)]*/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Removes scripts, frames, comments, inline handlers and script/data URLs; caps the length. */
export function sanitizeText(input: string, max = MESSAGE_MAX): string {
  let out = input.normalize('NFC').replace(CONTROL_CHARS, '');
  let previous: string;
  // Repeat until stable so nested tricks like <scr<script>ipt> cannot reassemble.
  do {
    previous = out;
    out = out
      .replace(BLOCK_ELEMENTS, '')
      .replace(LONE_ELEMENTS, '')
      .replace(COMMENTS, '')
      .replace(EVENT_HANDLERS, '')
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
