/**
 * The profanity and slur matcher behind core's ProfanityMatcher port (issue 15): the `obscenity`
 * package's English list with its obfuscation transformers (repeated letters, look-alike
 * characters, leetspeak), and its whitelist ("assessment", "Scunthorpe"). Each of its words is sorted
 * here into what it suggests, so the classifier can weigh a slur differently from a swear word.
 */
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type { ProfanityHit, ProfanityKind, ProfanityMatcher } from '../../core/moderation/ports';

const SLURS = new Set([
  'abo',
  'abeed',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'dyke',
  'fag',
  'kike',
  'negro',
  'nigger',
  'retard',
  'spastic',
  'tranny',
]);
const SEXUAL = new Set([
  'anal',
  'bestiality',
  'blowjob',
  'boob',
  'buttplug',
  'cock',
  'cum',
  'deepthroat',
  'dick',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'hentai',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgasm',
  'orgy',
  'penis',
  'porn',
  'pussy',
  'rape',
  'semen',
  'sex',
  'tit',
  'vagina',
  'wank',
]);
const INSULTS = new Set(['bastard', 'bitch', 'cuck', 'cunt', 'hooker', 'prick', 'slut', 'twat', 'whore']);

function kindOf(word: string): ProfanityKind {
  if (SLURS.has(word)) return 'slur';
  if (SEXUAL.has(word)) return 'sexual';
  if (INSULTS.has(word)) return 'insult';
  return 'profanity';
}

export class ObscenityProfanityMatcher implements ProfanityMatcher {
  private readonly matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

  find(text: string): ProfanityHit[] {
    const seen = new Map<string, ProfanityHit>();
    for (const match of this.matcher.getAllMatches(text, true)) {
      const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
      if (!word || seen.has(word)) continue;
      seen.set(word, { kind: kindOf(word), term: word });
    }
    return [...seen.values()];
  }
}
