/**
 * Text normalisation for the abuse classifier (issue 15): the same message written to dodge a filter
 * ("s e n d the d3posit", "k.y.s", Cyrillic look-alikes, fullwidth letters, zero-width joiners)
 * reads as its plain spelling before any rule or model sees it. Pure and lossy: the output is only
 * for classification, never shown or stored.
 */
import { cleanName } from '../shared/names';

/**
 * The common look-alikes NFKC leaves alone: Cyrillic and Greek letters that render like Latin ones,
 * and a few Latin extensions. A compact table in core instead of the `confusables` package (core
 * imports no packages); fullwidth and mathematical letters are already folded by NFKC.
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic (lower case; the text is lower-cased first)
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  һ: 'h',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  ς: 's',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Small capitals ("ᴘᴀʏ ғɪʀsᴛ"), which NFKC keeps, and Armenian look-alikes
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ғ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  ս: 'u',
  օ: 'o',
  ո: 'n',
  հ: 'h',
  ց: 'g',
  // Latin extensions and symbols
  ı: 'i',
  ɡ: 'g',
  ɑ: 'a',
  ʏ: 'y',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  '€': 'e',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

const WORD_GAP = '\uE000';
const GAP_RE = / ?\uE000 ?/g;

/** Digits and symbols that stand for letters inside a word; `1` is settled by its neighbours. */
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/**
 * Tokens with digits that are ordinary writing, not leetspeak: amounts, times, ordinals, units
 * ("$500", "10pm", "2nd", "3br", "4x4", "24/7").
 */
const NUMERIC_WORD = /^[$]?\d[\d,.:/x]*(st|nd|rd|th|am|pm|k|s|br|bd|ba|ft|sqft|mo|min|mins|hr|hrs|h|yr|yrs|gb|mb)?$/;

function unLeet(token: string): string {
  if (!/[a-z]/.test(token) || NUMERIC_WORD.test(token)) return token;
  // A leading $ is money ("$500k"), not an s, when digits follow.
  if (/^\$\d/.test(token)) return token;
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const ch = token[i] as string;
    if (ch === '1') {
      // "k1ll", "1diot" → i; "ki11", "ca11" → l (an i before it, an l or another 1 around it).
      const before = out[out.length - 1];
      out += before === 'l' || before === 'i' || token[i + 1] === '1' ? 'l' : 'i';
      continue;
    }
    // "!" and "|" only count inside a word ("sh!t", "b|each"), not as punctuation.
    if ((ch === '!' || ch === '|') && !(/[a-z]/.test(token[i - 1] ?? '') && /[a-z]/.test(token[i + 1] ?? ''))) {
      out += ch;
      continue;
    }
    out += LEET[ch] ?? ch;
  }
  return out;
}

/**
 * Three or more single characters split by spaces, dots, dashes, underscores or stars ("s e n d",
 * "k.y.s", "d-e-p-o-s-i-t") are one word. Separators must be short so ordinary prose with a lone
 * "a" or "I" survives.
 */
const SPACED = /(?<![\p{L}\p{N}$@])[\p{L}\p{N}$@](?:[ .\-_*]{1,2}[\p{L}\p{N}$@](?![\p{L}\p{N}])){2,}/gu;

export function joinSpacedLetters(text: string): string {
  return text.replace(SPACED, (run) => run.replace(/[ .\-_*]/g, ''));
}

export function foldConfusables(text: string): string {
  return text.replace(CONFUSABLE_RE, (ch) => CONFUSABLES[ch] ?? ch);
}

export function foldLeetspeak(text: string): string {
  return text.replace(/[\p{L}\p{N}$@!|]+/gu, unLeet);
}

/** The text as the classifier reads it: lower case, plain letters, one space between words. */
export function normalizeForModeration(raw: string): string {
  // NFKC folds fullwidth and styled letters; cleanName (issue 14) strips format and invisible characters.
  // A wide gap between spaced-out letters ("d u m b   b i t c h") still ends a word: it is marked
  // before cleanName collapses whitespace, and read as one space once the letters are joined.
  let text = cleanName(raw.normalize('NFKC').replace(/[ \t]{3,}/g, ` ${WORD_GAP} `)).toLowerCase();
  // Accents and combining marks (including strike-through and "zalgo" stacks) go.
  text = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
  text = foldConfusables(text);
  text = joinSpacedLetters(text);
  text = foldLeetspeak(text).replace(GAP_RE, ' ');
  // "fuuuuck", "stupiiid": a run of three or more of one letter is read as one.
  return text.replace(/(\p{L})\1{2,}/gu, '$1');
}
