/**
 * Word lists per category (issue 15), from the description of each kind of abuse rather than
 * from corpus messages. A message's hits become one feature per list, so a word the corpus never used
 * ("panties", "unalive") still counts with the others of its kind. Words are matched after
 * normalisation and a light stemming (stem below), so "threatening" finds "threaten".
 */
import type { AbuseCategory } from './rules';

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean).map(stem));

/** Strips common English endings so word forms share a feature ("pics" → "pic", "stalking" → "stalk"). */
export function stem(word: string): string {
  for (const suffix of ['ingly', 'ing', 'edly', 'ed', 'ies', 'es', 'ly', 's'])
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      return suffix === 'ies' ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
  return word;
}

export const LEXICONS: Record<AbuseCategory | 'group', Set<string>> = {
  rental_scam: words(`deposit wire wired transfer western union moneygram gift card cards itunes cashier check cheque
    overseas abroad mission deployed missionary lockbox keys key mail ship courier fedex hold reserve reservation
    urgent asap tonight today first before viewing view tour visit showing landlord owner agent lawyer
    refundable guarantee guaranteed secure securing sight unseen upfront advance`),
  off_platform: words(`whatsapp telegram signal wechat kik snapchat snap insta instagram gmail email number phone cell
    text call dm dms directly personal private off outside platform app fee fees commission monitor monitored
    watch watched track tracked read reading cashapp venmo zelle paypal bypass avoid skip`),
  phishing: words(`password passcode passwords login logon signin sign credential credentials code codes verify
    verification confirm confirmation account ssn social security bank routing card cvv pin link click portal
    netid duo otp reset locked suspend suspended identity id license passport form details login username
    authenticate authentication 2fa mfa`),
  investment:
    words(`stock stocks option options course webinar coach coaching mastermind referral starter kit partner ambassador dropshipping ecommerce fba affiliate memecoin altcoin moon pump apy yield subscribe vip equity startup
    crypto cryptocurrency bitcoin btc eth coin coins token tokens invest investment investing investor
    trade trading trader forex profit profits return returns roi passive income rich wealth millionaire earn
    earning hustle opportunity business team recruit recruiting mentor program system bot bots signals nft stake
    staking mining exchange wallet portfolio launch presale whitelist boss freedom financial financially
    commission commissions downline upline pyramid mlm network marketing entrepreneur funds fund capital double`),
  harassment:
    words(`shame regret sorry coward spineless useless clown muppet dumbass worm rat slob failure burden gremlin troll cretin ambulance teeth enemy screenshot screenshots
    kill die dead death hurt beat punch stab shoot gun knife hospital bleed suffer regret threat
    threaten ruin destroy expose leak spread blackmail follow following watching stalk stalker outside waiting
    address find hunt scared afraid careful worthless pathetic loser idiot moron stupid dumb ugly fat disgusting
    trash garbage freak creep bitch whore slut shut hate nobody alone unalive kys bleach rope bridge jump oxygen
    waste coward psycho crazy worthless bully humiliate embarrass`),
  hate: words(`scam scammer scammers stink filthy gross sick cult breed toilet drunk drunks robot robots predator
    predators pedo cheat mental genetic
    race racial religion country kind people animal animals vermin dirty smell smelly lazy criminal
    criminals terrorist terrorists disease virus belong steal invade invaders replace ban deport deported illegal
    illegals savage savages inferior subhuman primitive backwards degenerate degenerates groomer groomers
    sinner sinners abomination freak freaks unnatural`),
  sexual: words(`moan moaning naughty threesome handsy lap dance taste squeeze tight towel topless swimsuit skin
    sinful leggings obedient
    jerk noodz nudez fuk grope fondle spank submissive toy undress bent gorgeous
    sex sexy sexual nude nudes naked boob boobs tit tits ass butt booty dick cock pussy horny kinky
    fetish bedroom shower lingerie underwear bra panties thong body lips legs kiss kissing touch cuddle massage
    naughty spicy hot hottie babe daddy sugar fwb hookup hook slept intimate intimacy pleasure fantasy fantasies
    favors favours benefits strings dtf oral blow suck lick strip flirt lover sexting sext onlyfans porn
    knees seduce tease wet hard pics nudity`),
  group:
    words(`nigerian nigerians pakistani pakistanis haitian haitians filipino filipinos venezuelan venezuelans afghan afghans vietnamese polish russian russians korean koreans japanese iranian iranians syrian syrians jamaican ethiopian puerto rican ricans hispanic hispanics roma gypsy gypsies buddhist buddhists mormon mormons evangelical evangelicals bisexual bi lgbt lgbtq hijab hijabs turban turbans yarmulke down syndrome autism native indigenous
    black blacks white asian asians muslim muslims jew jews jewish christian christians hindu hindus
    sikh sikhs arab arabs mexican mexicans latino latinos latina latinas immigrant immigrants foreigner foreigners
    refugee refugees gay gays lesbian lesbians trans transgender queer nonbinary binary women woman girls female
    females disabled wheelchair deaf blind autistic african africans chinese indian indians somali somalis
    catholic catholics atheist atheists migrant migrants`),
};

/**
 * Where someone is and when (issue 15): routes, rooms, routines, the people and things around them.
 * Harmless alone ("see you at the bus stop"); beside "I know", "I saw" or "I've been watching" and a
 * "you", the mark of stalking and intimidation that uses no abusive word.
 */
export const WHEREABOUTS = words(`bus stop route train subway shuttle car bike parking lot garage window windows door
  doors lock locks curtain curtains blinds porch yard street corner block building dorm apartment house home place
  room floor hallway stairwell elevator campus library gym class classes lecture lab shift job work office cafe
  walk walks jog run runs morning mornings night nights evening weekend weekends monday tuesday wednesday thursday
  friday saturday sunday every usual usually alone schedule routine leave leaves left arrive arrives get gets home
  sister brother mom mother dad father parents family girlfriend boyfriend friend friends dog cat plate license
  tires phone laptop`);
