/**
 * Evidence phrases per category (issue 15), run over normalised text (normalize.ts). They are not
 * verdicts: each hit is a feature the statistical classifier weighs, and its matched span is the
 * evidence an admin sees. The old auto-flag rules (auto-flag.ts, kept as the bench's baseline) are
 * folded in here.
 */
export const CATEGORIES = [
  'none',
  'rental_scam',
  'off_platform',
  'phishing',
  'investment',
  'harassment',
  'hate',
  'sexual',
] as const;
export type Category = (typeof CATEGORIES)[number];
export type AbuseCategory = Exclude<Category, 'none'>;

export type RuleHit = { rule: string; category: AbuseCategory; span: string };

type Rule = { id: string; category: AbuseCategory; pattern: RegExp };

const MONEY = String.raw`(deposit|rent|holding fee|first month'?s?|payment|fee|money|\$\s?\d+)`;
const VIEW = '(view|viewing|see(ing)? (it|the (place|room|apartment|unit))|tour|visit|meet|move[- ]in)';
const PAY_APPS = '(venmo|zelle|cash ?app|paypal|crypto|bitcoin|btc|usdt|eth|western union|moneygram|wire)';
const CHAT_APPS =
  '(whats ?app|telegram|signal|wechat|kik|snap(chat)?|line app|google voice|text me|my (cell|number|personal email))';

const RULES: Rule[] = [
  // Rental scams: pay before seeing, absent landlord, keys by mail, overpayment checks, gift cards.
  {
    id: 'pay_before_view',
    category: 'rental_scam',
    pattern: new RegExp(
      String.raw`\b${MONEY}\b[^.?!]{0,60}\b(before|without|prior to|no need (to|for))\b[^.?!]{0,30}\b${VIEW}`,
    ),
  },
  {
    id: 'wire',
    category: 'rental_scam',
    pattern: /\bwire (transfer|the money|me|it|the (deposit|rent))\b|\bwestern union\b|\bmoneygram\b/,
  },
  {
    id: 'gift_card',
    category: 'rental_scam',
    pattern: /\b(gift ?cards?|itunes cards?|steam cards?|google play cards?)\b/,
  },
  {
    id: 'check_overpay',
    category: 'rental_scam',
    pattern: /\b(cashier'?s?|certified) che(ck|que)s?\b|\bsend (back )?the (rest|difference|extra)\b/,
  },
  {
    id: 'absent_owner',
    category: 'rental_scam',
    pattern:
      /\b(i'?m|i am|currently|we are|we'?re) (out of|outside|abroad|overseas|away from) (the )?(country|state|town)\b|\b(missionary|mission|deployed|offshore|oil rig)\b/,
  },
  {
    id: 'keys_by_mail',
    category: 'rental_scam',
    pattern:
      /\b(send|mail|ship|fedex|ups|post|deliver)\w* (you )?(the )?keys\b|\bkeys? (by|via|through) (mail|post|fedex|ups|courier)\b/,
  },
  {
    id: 'hold_room_fee',
    category: 'rental_scam',
    pattern: /\b(hold|reserve|secure) (the|your|it|this) (room|spot|place|unit)\b[^.?!]{0,40}\b(pay|send|deposit|\$)/,
  },
  {
    id: 'urgency',
    category: 'rental_scam',
    pattern:
      /\b(other|many|several|\d+) (students|people|applicants) (are )?(asking|interested|waiting)\b|\bfirst (to|who) pay/,
  },
  // Off-platform pressure.
  {
    id: 'pay_app',
    category: 'off_platform',
    pattern: new RegExp(String.raw`\b${PAY_APPS}\b[^.?!]{0,40}\b(deposit|rent|fee|pay|payment|send)\b`),
  },
  {
    id: 'pay_via_app',
    category: 'off_platform',
    pattern: new RegExp(String.raw`\b(pay|send)\b[^.?!]{0,30}\b${PAY_APPS}\b`),
  },
  {
    id: 'move_chat',
    category: 'off_platform',
    pattern: new RegExp(
      String.raw`\b(move|switch|talk|chat|continue|message|add|hit) (me |us )?(on|to|over to|via|in)? ?${CHAT_APPS}\b`,
    ),
  },
  {
    id: 'app_watches',
    category: 'off_platform',
    pattern:
      /\b(app|site|platform|they) (is |are )?(watch|monitor|read|track|listen)\w*\b|\b(off|outside) (the |this )?(app|platform|site)\b/,
  },
  { id: 'phone_number', category: 'off_platform', pattern: /\b\d{3}[-. ]?\d{3}[-. ]?\d{4}\b|\+\d{8,}/ },
  // Phishing and credential theft.
  {
    id: 'link',
    category: 'phishing',
    pattern: /\bhttps?:\/\/\S+|\b(bit\.ly|tinyurl|t\.co|goo\.gl|is\.gd)\/\S*|\b\w+\.(xyz|top|click|info|ru|tk|zip)\b/,
  },
  {
    id: 'credentials',
    category: 'phishing',
    pattern:
      /\b(password|passcode|login|log in|sign in|credentials|pin|2fa|verification code|security code|one[- ]time code|otp|the code)\b/,
  },
  {
    id: 'identity_docs',
    category: 'phishing',
    pattern:
      /\b(ssn|social security|bank (login|account|details)|routing number|card number|cvv|driver'?s? licen[cs]e|passport (photo|scan|number))\b/,
  },
  {
    id: 'verify_account',
    category: 'phishing',
    pattern:
      /\b(verify|confirm|validate|unlock|reactivate) (your|ur) (account|identity|student|school|email|profile)\b|\baccount (will be )?(suspended|locked|deactivated|closed)\b/,
  },
  // Investment, crypto and MLM pitches.
  {
    id: 'returns',
    category: 'investment',
    pattern:
      /\b(\d+ ?%|double|triple|10x|guaranteed) (return|profit|roi|your money|a (week|month|day))|\b(passive income|financial freedom|be your own boss|side hustle|trading signals?|forex|binary options|nft|airdrop|mentor)\b/,
  },
  {
    id: 'crypto_invest',
    category: 'investment',
    pattern:
      /\b(invest|investing|investment|trading|mining|staking)\b[^.?!]{0,40}\b(crypto|bitcoin|btc|eth|usdt|coin|platform|program|opportunity)\b/,
  },
  {
    id: 'mlm',
    category: 'investment',
    pattern:
      /\b(join my team|recruit|downline|upline|business opportunity|work from (your )?phone|dm me for (details|info)|ground floor)\b/,
  },
  // Harassment, threats, doxxing, self-harm incitement.
  {
    id: 'self_harm',
    category: 'harassment',
    pattern: /\bkys\b|\b(kill|hang|hurt|off) (yourself|urself|your ?self)\b|\b(go )?(die|drown|jump off)\b/,
  },
  {
    id: 'threat',
    category: 'harassment',
    pattern:
      /\b(i'?ll|i will|gonna|going to|i'?m going to) (kill|hurt|beat|stab|shoot|find|ruin|end) (you|u|ur)\b|\b(watch|sleep with one eye) (your back|open)\b/,
  },
  {
    id: 'doxxing',
    category: 'harassment',
    pattern:
      /\bi know where (you|u) (live|sleep|work|study)\b|\b(post|leak|share|expose) (your|ur) (address|number|photos?|pics?|info)\b|\b(following|followed|watching) (you|u)\b/,
  },
  {
    id: 'insult',
    category: 'harassment',
    pattern:
      /\b(stupid|ugly|worthless|fat|dumb|pathetic|disgusting|useless) (bitch|whore|slut|loser|idiot|pig|cow|freak|trash|piece)\b|\b(you'?re|you are|ur|u r) (a |an )?(idiot|loser|moron|trash|pathetic|worthless|disgusting|pig)\b/,
  },
  {
    id: 'curse_at',
    category: 'harassment',
    pattern: /\b(f+u+c*k+|screw|shut) (you|u|off|up)\b|\bstfu\b|\bgo to hell\b/,
  },
  // Hate.
  {
    id: 'hate_group',
    category: 'hate',
    pattern:
      /\b(no|hate|don'?t want|dont want|not living with|not rent(ing)? to|go back to)\b[^.?!]{0,30}\b(blacks?|muslims?|jews?|gays?|mexicans?|asians?|indians?|immigrants?|trans|arabs?|chinese|africans?|your (country|kind))\b/,
  },
  {
    id: 'dehumanise',
    category: 'hate',
    pattern: /\b(your kind|you people|those people|animals|vermin|subhuman|invaders|illegals)\b/,
  },
  // Sexual harassment and explicit requests.
  {
    id: 'nudes',
    category: 'sexual',
    pattern:
      /\b(nudes?|naked|topless|sexting|send (me )?(pics|photos|a pic) of (you|yourself|ur)|send (me )?(nudes|(pics|photos)(?! of (the|my|our|his|her|their|this|that)\b))|lingerie|bikini pics?)\b/,
  },
  {
    id: 'explicit',
    category: 'sexual',
    pattern:
      /\b(porn|onlyfans|sex|sexy|hook ?up|horny|dick|cock|pussy|boobs|tits|blowjob|bj|fwb|friends with benefits|sugar (daddy|baby))\b/,
  },
  {
    id: 'rent_in_kind',
    category: 'sexual',
    pattern:
      /\b(rent|pay)\b[^.?!]{0,30}\b(other ways|another way|in kind|with your body|favors|favours|benefits)\b|\b(free|discount(ed)?|cheaper) rent\b[^.?!]{0,40}\b(if|for) (you|u)\b/,
  },
  {
    id: 'body_comment',
    category: 'sexual',
    pattern: /\b(your|ur) (body|ass|butt|chest|legs|lips)\b|\b(sleep|shower|bed) (with(?! one eye)|together)\b/,
  },
  // Broader lexicons: the corpus shows scams and threats rarely reuse one phrase (issue 15).
  {
    id: 'pay_to_secure',
    category: 'rental_scam',
    pattern:
      /\b(once|after|until|before) (you |u )?(pay|send|transfer|wire|the (deposit|payment|rent) (is )?(paid|made|clears?))\b|\b(no need to|can'?t|cannot|don'?t) (visit|see|view|tour|meet)\b/,
  },
  {
    id: 'crypto_payment',
    category: 'rental_scam',
    pattern: /\b(bitcoin atm|btc|coinbase|wallet address|crypto)\b[^.?!]{0,40}\b(deposit|rent|fee|reserv|hold)\w*/,
  },
  {
    id: 'away_landlord',
    category: 'rental_scam',
    pattern:
      /\b(relocat\w+|travel\w*|abroad|overseas|out of (state|town)|burial|funeral|hospital)\b[^.?!]{0,60}\b(deposit|rent|keys?|pay|wire|transfer)\b/,
  },
  {
    id: 'off_platform_plain',
    category: 'off_platform',
    pattern:
      /\b(off[- ]?(the )?(platform|app|site)|outside (the |this )?(app|platform|site)|(dm|dms|message|contact|call|text) me (directly|on|at|via)|insta(gram)?|your (number|phone number|personal email)|ur number|service (charge|fee)|fee if we go through)\b/,
  },
  {
    id: 'platform_named',
    category: 'off_platform',
    pattern:
      /\b(nestmate|the app|this app|the platform|here)\b[^.?!]{0,30}\b(see|seeing|watch|read|monitor|private|safe|fee|cut)\w*/,
  },
  {
    id: 'code_request',
    category: 'phishing',
    pattern:
      /\b(code|pin|otp)\b[^.?!]{0,40}\b(texted|sent|pop up|popped|got|get|tell me|what does it say|send it|read it)\b|\b(what'?s|what is|send me|tell me|give me) (the|ur|your) (code|pin|login|password|portal)\b|\b(reset|login|portal|school|student) (code|login|password|account)\b/,
  },
  {
    id: 'invest_pitch',
    category: 'investment',
    pattern:
      /\b(coin|token|presale|whitelist|crypto(currency)?|staking|mining|rigs?|arbitrage|trading (bot|collective|group)|bot trades|exchange|pump|meme coin|solana|defi|yield)\b|\b(network marketing|comp plan|pyramid|ambassadors?|inventory|commissions?|recruit\w*|my (team|network|brand|program|system|business)|entrepreneur|six figures|generational wealth|get in early|make money|earn (while|from)|quit (your|needing)|capital|returns?|profits?|\d+x|per day|per month|\dk ?\/ ?month|retire)\b/,
  },
  {
    id: 'death_wish',
    category: 'harassment',
    pattern:
      /\b(hope|wish) (you|u|someone)\b[^.?!]{0,30}\b(die|dies|died|hit|dead|hurt|break|suffer|fail|burn)\w*|\b(end it|drink bleach|drink b\w*ch|waste of (oxygen|space|air)|better off dead|if you died|why are you (even )?alive|nobody would care)\b/,
  },
  {
    id: 'stalking',
    category: 'harassment',
    pattern:
      /\b(i('?m| am) (outside|at your|waiting)|waited outside|i saw you|i see (you|u)|been (watching|following)|followed you|(got|have|found|know|tracked down) (your|ur) (new )?(address|room number|new place|schedule|car|gate code|door code|location|class schedule)|your (girlfriend|boyfriend|spare key)|i know (your|where|you'?re home)|find (you|out)|regret it|make sure you|or else|want problems|something happened to|you'?ll need a hospital|slash your|spread that|sent your (pictures|photos|pics)|put your number)\b/,
  },
  {
    id: 'insult_plain',
    category: 'harassment',
    pattern:
      /\b(idiot|moron|braindead|loser|trash|garbage|pathetic|ugly|disgusting|crybaby|worthless|piece of (shit|sh\*t|crap)|lying|freak|clown|nobody (wants|likes|would))\b/,
  },
  // Threats that need no abusive word: conditions, veiled warnings, violence to a person or their things.
  {
    id: 'blackmail',
    category: 'harassment',
    pattern:
      /\b(unless (you|u)|or (else|i'?ll|i will|everyone)|if (you|u) (don'?t|dont|won'?t|refuse to|ever|back out|report|tell))\b[^.?!]{0,50}\b(post|leak|expose|show (everyone|your)|tell (everyone|your)|send (them|it|the|your)|sorry|regret)\w*/,
  },
  {
    id: 'veiled_threat',
    category: 'harassment',
    pattern:
      /\b(would be a shame|shame if (something|anything)|you'?ll (regret|be sorry|pay for)|what'?s coming|watch yourself|while it lasts|you won'?t like (it|what)|try me|last (person|thing) you|i'?m not going anywhere|can'?t hide|know what'?s good for you|don'?t make me)\b/,
  },
  {
    id: 'violence',
    category: 'harassment',
    pattern:
      /\b(break|smash|knock|slash|punch|stab|bash) (your|ur) (face|teeth|fingers|legs|neck|head|skull|phone|tires|windshield|car)\b|\b(in an ambulance|through a straw|with a bat|six feet under|in a body bag)\b/,
  },
  {
    id: 'surveillance',
    category: 'harassment',
    pattern:
      /\b(i (took|have|got|kept) (your|a) (picture|photo|copy of your|recording)|i'?ve been recording|i'?m watching your|i can see your (location|window|room)|i notice things|i know what time (you|your)|(i'?ll|i will|i'?m gonna|i'?m going to) be (at|outside|in|waiting)\b[^.?!]{0,30}\b(when|since|before|after) (you|u|your)|other ways to reach|so you can'?t block|you can'?t (block|hide from|escape) me|not done with you|worse it('?s| is) (going to|gonna) get|crossed me)\b/,
  },
  {
    id: 'self_harm_more',
    category: 'harassment',
    pattern:
      /\b(swallow (a bottle|pills)|cut yourself|unalive|better off without you|nobody would (even )?(notice|care|miss)|disappear (from|forever))\b/,
  },
  {
    id: 'masked_word',
    category: 'hate',
    pattern: /\b[a-z]+\*+[a-z]*\b/,
  },
  {
    id: 'hate_terms',
    category: 'hate',
    pattern:
      /\b(terrorists?|men in dresses|trash the place|those (people|immigrants)|go back|third world|illegals?|tr\*nny|f\*ggot|r\*tard|queers?|homos?|towelheads?|wetbacks?|beaners?|gooks?|spics?|your (people|race|religion|culture)|(black|brown|asian|muslim|jewish|gay|trans|mexican|indian|chinese|arab) (people|person|guys|girls|women|men)|no offen[cs]e)\b/,
  },
  {
    id: 'sexual_plain',
    category: 'sexual',
    pattern:
      /\b(pics?|photos?|selfies?|videos?) (of|in) (you|your|ur)\b|\b(in your underwear|bikini|lingerie|naked|nude|spicy|thirsty|turn(ed|s)? me on|kiss|cuddle|my bed|your bed|night with|sleep over|massage|bedroom|body count|virgin|hot (body|pics)|sexy|make it worth|favor for|be nice to me)\b/,
  },
  {
    id: 'sexual_euphemism',
    category: 'sexual',
    pattern:
      /\b(other ways|with benefits|no strings|favou?rs?|in (my |your |the )?bed|bedroom|fantas(y|ies)|slept with|sleep with|bra size|underwear|touch (you|your)|watch you|camera|dtf|lover|intimate|company (at night|in bed)|on your knees|sit on my|so hard|extra duties|late[- ]night|entertainment|fool around|threesomes?|turn me on|get you drunk|feet pics|short skirts?|wear something|dance for me|pretty girls|girls who|women who|female tenant|be my (girlfriend|boyfriend)|s[e3]xt|no clothes|see all of (it|you)|pointed lower)\b|[🍆💦🍑😏👅]/u,
  },
  {
    id: 'sexual_more',
    category: 'sexual',
    pattern:
      /\b(moan\w*|lap dance|handsy|neck down|(swimsuit|clothing|clothes) optional|taste (you|u)|(get|put) my hands on (you|u)|squeeze (it|them|your)|shar(e|ing) (a|my|your|one) bed|keep each other warm|been with (someone|a man|a woman|a guy|a girl)|make (you|u) feel good|do (bad|naughty|dirty) things|jerk(ed|ing)? off|creative payment|n[o0]{2}d[sz]|fu[ck]?k (me|you|u)|drop the towel|take it (all )?off|get naughty|naughty)\b/,
  },
  {
    id: 'hate_generalise',
    category: 'hate',
    pattern:
      /\b(all|always|every|those|these|typical|just|only)\b[^.?!]{0,25}\b(blacks?|black (people|dudes|guys)|muslims?|jews?|jewish|gays?|lesbians?|trans|asians?|latinas?|latinos?|mexicans?|indians?|hindus?|sikhs?|somalis?|africans?|arabs?|immigrants?|foreigners?|women|girls|atheists?|christians?|catholics?|non[- ]binary|wheelchair users|disabled)\b|\b(blacks?|muslims?|jews?|gays?|lesbians?|asians?|latinas?|hindus?|immigrants?|foreigners?|women|atheists?)\b[^.?!]{0,20}\b(are|r|belong|control|need|only|steal|have no|always)\b|\b(go home|this is america|anchor bab(y|ies)|steal (our|american) jobs|leeching|virus|dirty|extremists?|terrorists?|greedy|gold diggers?)\b/,
  },
  {
    id: 'invest_more',
    category: 'investment',
    pattern:
      /\b(flip it|double (your|ur|it)|quick (cash|money)|make (you|u) rich|academy|crowdfunding|founder|buy now|risk[- ]free|never loses|want in|onboard you|grow financially|forex|trading account|financially free|doubler|send \d[\d.]* get)\b/,
  },
];

/** Every rule the normalised text trips, with the span it matched. */
export function ruleHits(normalised: string): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const r of RULES) {
    const m = r.pattern.exec(normalised);
    if (m) hits.push({ rule: r.id, category: r.category, span: m[0] });
  }
  return hits;
}
