// Phrases that mark a paragraph's part in a personal narrative (roles.ts). Written for this repository by its
// authors from how personal essays are commonly taught (a scene, its background, a turn, what it meant, a
// look forward); the project's own licence.

/** Background: what was true before the story starts. */
export const CONTEXT_CUES = [
  'i had always', "i'd always", 'i have always', "i've always", 'for years', 'growing up', 'when i was', 'as a child',
  'as a kid', 'used to', 'every summer', 'every weekend', 'every morning', 'every sunday', 'every saturday', 'my family',
  'my parents', 'had been', 'for as long as', 'since i was', 'back then', 'years ago', 'in my family', 'most days',
  'i grew up', 'where i grew up', 'i started', 'most of those years', 'my job was', 'i had signed', 'i had never',
];

/** The turn: the moment things change. */
export const TURN_CUES = [
  'until', 'that was when', 'but then', 'then one day', 'one day', 'suddenly', 'everything changed',
  'for the first time', 'that changed', 'it was then', "that's when", 'that is when', 'at that moment',
  'in that moment', 'something shifted', 'i stopped', 'i decided', 'instead of', 'halfway through', 'the next morning',
  'by the time', 'that night', 'that afternoon', 'the day', 'changed that', 'instead', 'started to', 'began to',
  'ago', 'the first time', 'without asking', 'i picked up',
];

/** Reflection: what it meant. */
export const REFLECTION_CUES = [
  'i learned', "i've learned", 'i have learned', 'i realized', 'i realised', 'i understand', 'i understood',
  'i now', 'now i', 'i know now', 'looking back', 'taught me', 'it meant', 'what mattered', 'i came to see',
  'i began to see', 'i see now', 'i think about', 'that is why', "that's why", 'i no longer', "i've come to",
  'i have come to', 'i think of', 'i still', 'i wonder', 'i believe', 'showed me', 'i discovered',
  'i found out', 'i noticed that', 'i notice', 'more often than', 'i used to think', 'i used to see', 'i practice',
  'the habit', 'reminds me', 'reminded me',
];

/** A look forward: the last paragraph carrying one of these is the closing. */
export const CLOSING_CUES = [
  'today', 'tomorrow', 'future', 'will', "i'll", 'i want to', 'i hope', 'someday', 'next year', 'in college',
  'next fall', 'from now on', 'going forward', 'years from now', 'i plan', 'i intend', 'i am ready', "i'm ready",
  'next time', 'now',
];
