// A verb of the student's as its "-ing" form, so a sentence of theirs can name a topic as a noun phrase:
// "I fold origami" → "Folding origami", "I rushed a fold" → "Rushing a fold". Only the verb changes.

/** Past tenses and participles that do not end in "-ed", with their base form. */
const IRREGULAR = new Map<string, string>(Object.entries({
  ran: 'run', made: 'make', took: 'take', taken: 'take', forgot: 'forget', forgotten: 'forget', got: 'get', gotten: 'get',
  read: 'read', led: 'lead', built: 'build', rebuilt: 'rebuild', tore: 'tear', torn: 'tear', sat: 'sit', let: 'let',
  cut: 'cut', put: 'put', hit: 'hit', set: 'set', quit: 'quit', spent: 'spend', left: 'leave', felt: 'feel', met: 'meet',
  began: 'begin', begun: 'begin', grew: 'grow', grown: 'grow', drew: 'draw', drawn: 'draw', threw: 'throw',
  thrown: 'throw', won: 'win', sang: 'sing', sung: 'sing', swam: 'swim', swum: 'swim', fell: 'fall', fallen: 'fall',
  held: 'hold', brought: 'bring', bought: 'buy', caught: 'catch', thought: 'think', fought: 'fight', taught: 'teach',
  sold: 'sell', stood: 'stand', understood: 'understand', chose: 'choose', chosen: 'choose', spoke: 'speak',
  spoken: 'speak', wore: 'wear', worn: 'wear', came: 'come', became: 'become', did: 'do', done: 'do', had: 'have',
  was: 'be', were: 'be', been: 'be', went: 'go', gone: 'go', gave: 'give', given: 'give', kept: 'keep', found: 'find',
  saw: 'see', seen: 'see', told: 'tell', said: 'say', wrote: 'write', written: 'write', broke: 'break', broken: 'break',
  lost: 'lose', sent: 'send', heard: 'hear', knew: 'know', known: 'know', rode: 'ride', ridden: 'ride', drove: 'drive',
  driven: 'drive', ate: 'eat', eaten: 'eat', slept: 'sleep', woke: 'wake', hid: 'hide', hidden: 'hide', fed: 'feed',
  dug: 'dig', showed: 'show', shown: 'show', flew: 'fly', flown: 'fly', paid: 'pay', laid: 'lay', sank: 'sink',
  shook: 'shake', stole: 'steal', struck: 'strike', swore: 'swear', sought: 'seek', hung: 'hang', lit: 'light', meant: 'mean', slid: 'slide', spun: 'spin', bit: 'bite', hurt: 'hurt', bent: 'bend', lent: 'lend', dealt: 'deal',
}));

/** Words whose "-ing" form is not their stem plus "ing" by the usual rules. */
const DOUBLED = new Set(['begin', 'forget', 'admit', 'commit', 'control', 'refer', 'prefer', 'occur', 'permit', 'regret', 'submit', 'upset', 'patrol', 'compel', 'equip', 'omit', 'rebel']);
const AS_IS = new Set(['be', 'see', 'flee', 'agree', 'free', 'knee', 'dye', 'eye', 'hoe', 'toe', 'canoe', 'shoe']);

const VOWEL = /[aeiou]/;
const syllables = (word: string): number => (word.match(/[aeiouy]+/g) ?? []).length;

/** "run" → "running", "make" → "making", "tie" → "tying", "fold" → "folding". */
export function gerundOfBase(base: string): string {
  const word = base.toLowerCase();
  if (word === 'quit') return 'quitting';
  if (AS_IS.has(word) || word.endsWith('ee')) return `${word}ing`;
  if (word.endsWith('ie')) return `${word.slice(0, -2)}ying`;
  if (word.endsWith('e') && word.length > 2) return `${word.slice(0, -1)}ing`;
  const [c1, v, c2] = [word.at(-3) ?? '', word.at(-2) ?? '', word.at(-1) ?? ''];
  const cvc = !VOWEL.test(c1) && VOWEL.test(v) && !VOWEL.test(c2) && !/[wxy]/.test(c2);
  if (cvc && (syllables(word) === 1 || DOUBLED.has(word))) return `${word}${c2}ing`;
  return `${word}ing`;
}

/**
 * The "-ing" form of a verb as the student wrote it after "I": a base ("fold"), a past tense or participle
 * ("rushed", "forgot"), or a third-person form ("repairs"). Null for a word that is no verb form we know.
 */
export function gerundOf(verb: string, thirdPerson = false): string | null {
  const word = verb.toLowerCase();
  if (!/^\p{Ll}+$/u.test(word)) return null;
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return gerundOfBase(irregular);
  if (word === 'has') return 'having';
  if (word === 'is' || word === 'am' || word === 'are') return 'being';
  if (word.endsWith('ied') && word.length > 4) return `${word.slice(0, -3)}ying`;
  // "-ed" to "-ing" keeps the stem as the student spelled it: "stopped" → "stopping", "used" → "using".
  if (word.endsWith('eed') && !word.endsWith('eded')) return `${word.slice(0, -1)}ing`;
  if (word.endsWith('ed') && word.length > 3) return `${word.slice(0, -2)}ing`;
  if (thirdPerson && word.endsWith('s') && !word.endsWith('ss')) {
    if (word.endsWith('ies')) return `${word.slice(0, -3)}ying`;
    if (/(?:ch|sh|x|z|ss|o)es$/.test(word)) return gerundOfBase(word.slice(0, -2));
    return gerundOfBase(word.slice(0, -1));
  }
  return gerundOfBase(word);
}

/** True for a past tense or participle ("forgot", "rushed"): after "had", "have" or a noun, it is the verb. */
export const isPastForm = (word: string): boolean => {
  const lower = word.toLowerCase();
  return IRREGULAR.has(lower) || (lower.length > 4 && lower.endsWith('ed'));
};
