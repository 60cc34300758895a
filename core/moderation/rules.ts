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
      /\b(nudes?|naked|topless|sexting|send (me )?(pics|photos|a pic) of (you|yourself|ur)|send (me )?(pics|nudes)|lingerie|bikini pics?)\b/,
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
    pattern: /\b(your|ur) (body|ass|butt|chest|legs|lips)\b|\b(sleep|shower|bed) (with|together)\b/,
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
