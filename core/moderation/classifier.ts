/**
 * The abuse classifier (issue 15): multinomial logistic regression over hashed word unigrams and
 * bigrams, character 3–5-grams, the evidence rules (rules.ts) and the profanity matcher's hits, all
 * read from normalised text (normalize.ts). Probabilities are divided by a fitted temperature so a
 * confidence of 0.9 is right about 9 times in 10 (train.ts). Pure: the model arrives as data, the
 * profanity matcher through its port.
 */
import { LEXICONS, stem, WHEREABOUTS } from './lexicons';
import { normalizeForModeration } from './normalize';
import type { ProfanityMatcher } from './ports';
import { type AbuseCategory, CATEGORIES, type Category, ruleHits } from './rules';

export type ModerationModel = {
  buckets: number;
  classes: readonly Category[];
  temperature: number;
  bias: number[];
  /** Feature bucket → one weight per class; buckets pruned away weigh nothing. */
  weights: Map<number, Float32Array>;
};

/** The committed artefact (fixtures/models/moderation.json): weights × 1000 as integers, to stay small. */
export type ModerationModelFile = {
  format: 'nestmate-moderation';
  version: 1;
  buckets: number;
  classes: string[];
  temperature: number;
  bias: number[];
  weights: Record<string, number[]>;
  trainedOn: { messages: number; corpusSha256?: string };
};

export type Verdict = {
  flag: boolean;
  category: Category;
  /** The chance this verdict (flag and category) is right, calibrated on held-out data. */
  confidence: number;
  /** What in the text led to it: matched rule spans, profanity, the strongest words. */
  evidence: string[];
};

export interface MessageClassifier {
  classify(text: string): Verdict;
}

export type Features = {
  ids: Int32Array;
  values: Float32Array;
  /** Word n-grams by bucket, to name the words behind a verdict. */
  words: Map<number, string>;
  evidence: string[];
};

export const DEFAULT_BUCKETS = 1 << 18;
const LEXICON_ENTRIES = Object.entries(LEXICONS);
const SECOND_PERSON = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  "you're",
  'youre',
  'ur',
  'u',
  'urself',
  'ya',
  'yall',
  'thee',
]);

/** The speaker claims to know or watch someone's movements ("I know when you...", "I saw you leave"). */
const KNOWING =
  /\b(i|we) (know|knew|saw|see|seen|watch|watched|noticed|notice|remember|followed|follow|counted|learned|found out|memori[sz]ed|keep track of|have been watching|'?ve been watching|'?ve seen|'?ve noticed|'?ve been (following|keeping))\b|\bi'?ve (seen|noticed|watched|followed|been)\b|\b(funny|interesting|cute) how (you|u|your)\b|\bevery (day|night|morning|evening|time) (you|u)\b/;
/** Menace framed as a condition or a warning ("you'd better", "or else", "it would be a shame"). */
const CONDITIONAL =
  /\b(you'?d better|you better|u better|or else|watch your back|(would|be) a (shame|pity)|accidents happen|hate for (something|anything|you)|careful (now|out there|walking|where)|be careful|i'?d hate|who knows what|things (happen|could happen)|just saying|remember that|don'?t forget (i|that i)|think twice|last warning|final warning|you'?ve been warned|not a threat)\b/;

const FIRST_PERSON = new Set([
  'i',
  'me',
  'my',
  'mine',
  "i'm",
  'im',
  "i'll",
  "i've",
  "i'd",
  'myself',
  'we',
  'us',
  'our',
]);
/** Someone else's words told: the user reports or warns about abuse rather than committing it (N171). */
const TELLING =
  /\b(someone|somebody|some (guy|girl|dude|person|account|rando)|a (guy|girl|dude|user|person|landlord|recruiter)|this (guy|girl|dude|person|account)|people|anyone else|my (friend|cousin|roommate|sister|brother)|he|she|they)\b[^.?!]{0,40}\b(tried|asked|offered|sent|said|told|texted|messaged|dm'?d|dmed|pitched|wanted|keeps?|kept|threatened|called)\b|"[^"]{6,}"|“[^”]{6,}”/;
/** Words of a report or a warning ("blocked", "reported", "scam", "never send your code"). */
const REPORTING =
  /\b(blocked|block (him|her|them|it)|reported|report (it|him|her|them|this|that)|scam|scams|scammer|scammers|spam|security|campus police|the police|support|illegal|screenshot(ted)?|red flag|heads up|watch out for|don'?t fall for|never (send|give|share)|don'?t (send|give|share))\b/;

/** FNV-1a, 32 bits: stable across runs and machines, so the artefact's buckets mean the same everywhere. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// A star stays inside a word ("sh*t" is one masked word); each emoji is a word of its own ("😉").
const TOKEN = /[\p{L}\p{N}$'%*]+|\p{Extended_Pictographic}/gu;

/** Everything the model reads from one message. */
export function extractFeatures(text: string, profanity: ProfanityMatcher, buckets = DEFAULT_BUCKETS): Features {
  const normalised = normalizeForModeration(text);
  const mask = buckets - 1;
  const acc = new Map<number, number>();
  const words = new Map<number, string>();
  const add = (key: string, value: number) => {
    const id = hash(key) & mask;
    acc.set(id, (acc.get(id) ?? 0) + value);
    return id;
  };
  // Digits become 0 so "$400" and "$650" are one word.
  const tokens = (normalised.match(TOKEN) ?? []).map((t) => t.replace(/\d/g, '0'));
  const grams: string[] = [...tokens];
  for (let i = 0; i + 1 < tokens.length; i++) grams.push(`${tokens[i]} ${tokens[i + 1]}`);
  const padded = ` ${tokens.join(' ')} `;
  const chars: string[] = [];
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) chars.push(padded.slice(i, i + n));
  // Each group counts as much as the other whatever the message's length (L2 per group).
  // A floor on the divisor (N171): a two-word reply's words no longer weigh twice a sentence's.
  const wordWeight = grams.length ? 1 / Math.sqrt(Math.max(grams.length, 6)) : 0;
  for (const g of grams) words.set(add(`w:${g}`, wordWeight), g);
  // The message's length, coarsely: a one-line answer ("Option B", "Deal.") is rarely abuse, and
  // without this its few n-grams carry the whole verdict.
  const count = tokens.length;
  add(`n:${count <= 2 ? 'a' : count <= 4 ? 'b' : count <= 7 ? 'c' : count <= 12 ? 'd' : 'e'}`, 1);
  const charWeight = chars.length ? 1 / Math.sqrt(Math.max(chars.length, 40)) : 0;
  for (const c of chars) add(`c:${c}`, charWeight);
  // Stems share strength across word forms; the word lists across words the corpus never used.
  const stems = tokens.map(stem);
  for (const st of stems) add(`s:${st}`, wordWeight);
  // Who does what to whom, without a parser (N171): the words just after "I" and around "you"
  // ("I'll be waiting", "I know your", "you left your blinds").
  for (let i = 0; i < stems.length; i++) {
    const t = tokens[i] as string;
    if (FIRST_PERSON.has(t)) for (let j = i + 1; j <= i + 3 && j < stems.length; j++) add(`i>${stems[j]}`, wordWeight);
    if (SECOND_PERSON.has(t))
      for (let j = Math.max(0, i - 3); j <= i + 3 && j < stems.length; j++)
        if (j !== i) add(`y${j < i ? '<' : '>'}${stems[j]}`, wordWeight);
  }
  // Punctuation, which the tokens drop (N193): a question, an exclamation, a trailing "...", how the
  // message ends and how many sentences it has ("Can you send a pic of the shower?" asks; "Send
  // it." orders).
  const trimmed = normalised.trim();
  if (trimmed.includes('?')) add('u:?', 1);
  if (trimmed.includes('!')) add('u:!', 1);
  if (/\.\.|…/.test(trimmed)) add('u:...', 1);
  const last = [...trimmed].at(-1) ?? '';
  add(`u:end${/[?!.]/.test(last) ? last : /\p{Extended_Pictographic}/u.test(last) ? 'emoji' : 'none'}`, 1);
  add(`u:sentences${Math.min(trimmed.split(/[.?!]+\s/).length, 3)}`, 1);
  // Adjacent stems, so word forms share their pairs as they share single words ("sending pics", "send pic").
  for (let i = 0; i + 1 < stems.length; i++) add(`sb:${stems[i]} ${stems[i + 1]}`, wordWeight);
  const lexHits = new Map<string, number>();
  for (const st of stems)
    for (const [name, list] of LEXICON_ENTRIES) if (list.has(st)) lexHits.set(name, (lexHits.get(name) ?? 0) + 1);
  for (const [name, n] of lexHits) add(`l:${name}`, Math.min(n, 3) / 3);
  if (lexHits.has('group') && lexHits.has('hate')) add('l:group+hate', 1);
  if (lexHits.has('group') && lexHits.has('harassment')) add('l:group+harassment', 1);
  // Abuse is aimed at someone: the same word means more beside "you" ("ugly" vs "you ugly").
  if (tokens.some((t) => SECOND_PERSON.has(t)))
    for (const name of lexHits.keys()) if (name !== 'group') add(`l:you+${name}`, 1);
  // Intimidation without an abusive word: knowledge of someone's whereabouts, conditional menace.
  const you = tokens.some((t) => SECOND_PERSON.has(t));
  const placeHits = stems.filter((st) => WHEREABOUTS.has(st)).length;
  const knowing = KNOWING.test(normalised);
  if (you && placeHits > 0) add('x:you+place', Math.min(placeHits, 3) / 3);
  if (knowing && you) add('x:know+you', 1);
  if (knowing && you && placeHits > 0) add('x:know+you+place', 1);
  if (CONDITIONAL.test(normalised)) add('x:conditional', 1);
  if (CONDITIONAL.test(normalised) && you) add('x:conditional+you', 1);
  // A report or a warning about abuse is not abuse: the told frame, and each word list inside it.
  const telling = TELLING.test(normalised);
  const reporting = REPORTING.test(normalised);
  if (telling) add('x:telling', 1);
  if (reporting) add('x:reporting', 1);
  if (telling && reporting) add('x:telling+reporting', 1);
  if (telling || reporting) for (const name of lexHits.keys()) add(`x:told+${name}`, 1);
  const evidence: string[] = [];
  for (const hit of ruleHits(normalised)) {
    add(`r:${hit.rule}`, 1);
    add(`rc:${hit.category}`, 0.5);
    evidence.push(hit.span);
  }
  const profane = profanity.find(normalised);
  for (const hit of profane) {
    add(`p:${hit.kind}`, 1);
    evidence.push(hit.term);
  }
  if (profane.length > 0) add('p:any', 1);
  const ids = Int32Array.from(acc.keys());
  const values = Float32Array.from(acc.values());
  return { ids, values, words, evidence: [...new Set(evidence)] };
}

/** Raw class scores (before the temperature). */
export function scores(model: Pick<ModerationModel, 'bias' | 'weights'>, f: Features): number[] {
  const out = [...model.bias];
  for (let i = 0; i < f.ids.length; i++) {
    const w = model.weights.get(f.ids[i] as number);
    if (!w) continue;
    const v = f.values[i] as number;
    for (let k = 0; k < out.length; k++) out[k] = (out[k] as number) + (w[k] as number) * v;
  }
  return out;
}

export function softmax(logits: number[], temperature = 1): number[] {
  const scaled = logits.map((l) => l / temperature);
  const max = Math.max(...scaled);
  const exps = scaled.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

function argmax(xs: number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if ((xs[i] as number) > (xs[best] as number)) best = i;
  return best;
}

/** The words that pushed hardest toward the verdict's category, strongest first. */
function strongestWords(model: ModerationModel, f: Features, k: number, limit: number): string[] {
  const pushes: [string, number][] = [];
  for (const [id, word] of f.words) {
    const w = model.weights.get(id);
    if (!w) continue;
    const push = (w[k] as number) - (w[0] as number);
    if (push > 0) pushes.push([word, push]);
  }
  return pushes
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

export function createClassifier(model: ModerationModel, profanity: ProfanityMatcher): MessageClassifier {
  return {
    classify(text) {
      const f = extractFeatures(text, profanity, model.buckets);
      const p = softmax(scores(model, f), model.temperature);
      const k = argmax(p);
      const category = model.classes[k] as Category;
      const flag = category !== 'none';
      // The strongest words, unless a rule's span already shows them.
      const words = strongestWords(model, f, k, 3).filter((w) => !f.evidence.some((e) => e.includes(w)));
      const evidence = flag ? [...f.evidence, ...words] : [];
      return {
        flag,
        category,
        confidence: Math.round((p[k] as number) * 1000) / 1000,
        evidence: [...new Set(evidence)],
      };
    },
  };
}

export function isAbuseCategory(value: string): value is AbuseCategory {
  return value !== 'none' && (CATEGORIES as readonly string[]).includes(value);
}

export function toModelFile(model: ModerationModel, trainedOn: ModerationModelFile['trainedOn']): ModerationModelFile {
  const weights: Record<string, number[]> = {};
  for (const id of [...model.weights.keys()].sort((a, b) => a - b))
    weights[String(id)] = Array.from(model.weights.get(id) as Float32Array, (w) => Math.round(w * 1000));
  return {
    format: 'nestmate-moderation',
    version: 1,
    buckets: model.buckets,
    classes: [...model.classes],
    temperature: Math.round(model.temperature * 10000) / 10000,
    bias: model.bias.map((b) => Math.round(b * 10000) / 10000),
    weights,
    trainedOn,
  };
}

/** The artefact as a model; the adapter has checked its shape, this checks it makes sense. */
export function fromModelFile(file: ModerationModelFile): ModerationModel {
  if (!file.classes.every((c) => (CATEGORIES as readonly string[]).includes(c)) || file.classes[0] !== 'none')
    throw new Error('moderation model: unknown classes');
  if (file.bias.length !== file.classes.length) throw new Error('moderation model: bias does not match the classes');
  const weights = new Map<number, Float32Array>();
  for (const [id, w] of Object.entries(file.weights)) {
    if (w.length !== file.classes.length) throw new Error('moderation model: a weight row does not match the classes');
    weights.set(
      Number(id),
      Float32Array.from(w, (x) => x / 1000),
    );
  }
  return {
    buckets: file.buckets,
    classes: file.classes as Category[],
    temperature: file.temperature,
    bias: file.bias,
    weights,
  };
}
