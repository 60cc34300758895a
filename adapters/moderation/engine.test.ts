import { createModerationClassifier } from './engine';
import { ObscenityProfanityMatcher } from './obscenity.profanity';

describe('the moderation engine the server and the CLI share (issue 15)', () => {
  it('finds disguised profanity and sorts it into slurs, sexual words and insults', () => {
    const matcher = new ObscenityProfanityMatcher();
    expect(matcher.find('you are a b1tch')).toEqual([{ kind: 'insult', term: 'bitch' }]);
    expect(matcher.find('fuuuuck this').map((h) => h.kind)).toEqual(['profanity']);
    expect(matcher.find('send a d1ck pic').map((h) => h.kind)).toEqual(['sexual']);
    expect(matcher.find('the assessment is at the class')).toEqual([]);
  });

  it('loads the committed model and reads obfuscated abuse through it', () => {
    const classifier = createModerationClassifier();
    const scam = classifier.classify('s e n d the d3posit before the viewing, I am out of the country');
    expect(scam).toMatchObject({ flag: true, category: 'rental_scam' });
    expect(scam.evidence.length).toBeGreaterThan(0);
    expect(classifier.classify('k y s')).toMatchObject({ flag: true, category: 'harassment' });
    expect(classifier.classify('I paid the deposit at the leasing office, they gave me a receipt')).toMatchObject({
      flag: false,
      category: 'none',
      evidence: [],
    });
  });
});
