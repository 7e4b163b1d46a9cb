// Stock phrases and empty claims the coach asks about.
// Source: written for this repository by its authors, drawing on common admissions-essay advice (phrases
// counsellors and admissions readers often name as overused). Licence: the project's own.

export interface StockPhrase {
  phrase: string;
  /** The question the coach asks about it; without one it asks the general question for clichés. */
  question?: string;
}

const EARLY = 'When is the first time you actually remember this, and what were you doing?';
const COMFORT = 'What exactly did you do that you had never done before, and what made it hard?';
const DIFFERENCE = 'Whose day, concretely, would be different, and how would you know?';
const PASSION = 'What do you do with this that someone without the passion would not?';
const CHANGED = 'What do you do differently now, that someone watching you would notice?';
const LEARNED = 'What is one thing you can do now that you could not do before?';

export const CLICHES: readonly StockPhrase[] = [
  { phrase: 'ever since i was a child', question: EARLY }, { phrase: 'ever since i was little', question: EARLY },
  { phrase: 'ever since i was young', question: EARLY }, { phrase: 'from a young age', question: EARLY },
  { phrase: 'since i was a little kid', question: EARLY }, { phrase: 'since the dawn of time' },
  { phrase: 'outside my comfort zone', question: COMFORT }, { phrase: 'out of my comfort zone', question: COMFORT },
  { phrase: 'make a difference', question: DIFFERENCE }, { phrase: 'make the world a better place', question: DIFFERENCE },
  { phrase: 'give back to my community', question: DIFFERENCE }, { phrase: 'give back to the community', question: DIFFERENCE },
  { phrase: 'passion for', question: PASSION }, { phrase: 'i am passionate about', question: PASSION },
  { phrase: "i'm passionate about", question: PASSION }, { phrase: 'my passion', question: PASSION },
  { phrase: 'changed my life', question: CHANGED }, { phrase: 'changed my life forever', question: CHANGED },
  { phrase: 'changed my perspective', question: CHANGED }, { phrase: 'opened my eyes', question: CHANGED },
  { phrase: 'eye-opening', question: CHANGED }, { phrase: 'life-changing', question: CHANGED },
  { phrase: 'i learned so much', question: LEARNED }, { phrase: 'i learned a lot', question: LEARNED },
  { phrase: 'taught me so much', question: LEARNED }, { phrase: 'a valuable lesson', question: LEARNED },
  { phrase: 'journey', question: 'Where did this start and where are you now, in things the reader could see?' },
  { phrase: 'hard work pays off', question: 'Which hours, which task, which result: what did the work actually look like?' },
  { phrase: 'hard work and dedication' }, { phrase: 'blood, sweat, and tears' },
  { phrase: 'at the end of the day' }, { phrase: 'in today\'s society' }, { phrase: 'in today\'s world' },
  { phrase: 'webster\'s dictionary defines' }, { phrase: 'the dictionary defines' },
  { phrase: 'never give up' }, { phrase: 'follow my dreams' }, { phrase: 'follow your dreams' },
  { phrase: 'reach for the stars' }, { phrase: 'the sky is the limit' }, { phrase: 'anything is possible' },
  { phrase: 'everything happens for a reason' }, { phrase: 'what doesn\'t kill you' }, { phrase: 'think outside the box' },
  { phrase: 'a well-rounded' }, { phrase: 'hit me like a ton of bricks' }, { phrase: 'like a ton of bricks' },
  { phrase: 'a rollercoaster of emotions' }, { phrase: 'an emotional rollercoaster' }, { phrase: 'roller coaster of emotions' },
  { phrase: 'the best version of myself' }, { phrase: 'step out of my comfort zone', question: COMFORT },
  { phrase: 'push myself to the limit' }, { phrase: 'pushed myself to the limit' }, { phrase: 'the rest is history' },
  { phrase: 'little did i know' }, { phrase: 'it was a dream come true' }, { phrase: 'a dream come true' },
  { phrase: 'made me who i am today' }, { phrase: 'who i am today' }, { phrase: 'all walks of life' },
  { phrase: 'come out of my shell' }, { phrase: 'came out of my shell' }, { phrase: 'the world is my oyster' },
];

/** The general question about a stock phrase. */
export const CLICHE_QUESTION = 'Many essays use these words: what did this look like for you, in a moment only you could describe?';

/** Claims a reader is asked to believe but cannot see. */
export const GENERIC_CLAIMS = [
  'taught me the value of', 'taught me the importance of', 'the value of hard work', 'the importance of',
  'made me a better person', 'a better person', 'made me stronger', 'a stronger person', 'helped me grow',
  'grow as a person', 'grew as a person', 'shaped who i am', 'shaped me into', 'valuable lessons', 'valuable skills',
  'life lessons', 'leadership skills', 'time management skills', 'people skills', 'more responsible', 'more confident',
  'broadened my horizons', 'the world around me', 'taught me a lot', 'taught me many', 'i learned many', 'learned the value',
  'learned the importance', 'hard work', 'never giving up', 'a sense of responsibility', 'work as a team',
];

/** Lessons that could close anyone's essay. */
export const GENERIC_LESSONS = [
  'believe in yourself', 'believe in myself', 'anything is possible', 'never give up', 'who i am today',
  'better person', 'the most important thing', 'the person i am', 'in life', 'all my life', 'the rest of my life',
  'my future', 'my dreams', 'reach my goals', 'achieve my goals', 'overcome any', 'any obstacle', 'any challenge',
];

/** Praise any college could receive: a "why us" answer made of it passes the swap test for every college. */
export const GENERIC_PRAISE = [
  'world-class', 'renowned', 'prestigious', 'diverse', 'diversity', 'vibrant', 'rigorous', 'state-of-the-art',
  'cutting-edge', 'top-notch', 'excellent', 'opportunities', 'sense of community', 'small class', 'beautiful campus',
  'reputation', 'esteemed', 'leading', 'best', 'amazing', 'wonderful', 'great', 'strong', 'welcoming', 'supportive',
  'faculty', 'resources', 'campus', 'community',
];
