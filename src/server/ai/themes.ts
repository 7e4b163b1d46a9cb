// The seven themes of the default follow-up questions. Answers are keyed by question text, which may
// come from the defaults, the composer or a model, so the theme is recognised from the wording.

export const THEMES = ['inspiring', 'perspective', 'details', 'goals', 'learning', 'values', 'challenge'] as const;
export type Theme = (typeof THEMES)[number];

// Checked in this order: the more specific wordings first.
const PATTERNS: Array<[Theme, RegExp]> = [
  ['details', /\b(detail|vivid|picture|scene|sights?|sounds?|smell|remember|describe the place|what was said)/i],
  ['challenge', /\b(challeng|obstacle|overc[oa]m|difficult|hardest|struggl|setback|went wrong)/i],
  ['goals', /\b(goals?|future|college|career|plans?|after high school|next step)/i],
  ['values', /\b(values?|beliefs?|believe|principles?|matters? most to you|stand for)/i],
  ['perspective', /\b(perspective|see the world|view|changed? (?:the way|how)|way you see|see (?:\w+ )?differently|think differently)/i],
  ['learning', /\b(learn|taught|teach yourself|discover|figure[sd]? out)/i],
  ['inspiring', /\b(inspir|moment|spark|first (?:time|realis|realiz))/i],
];

export function classifyQuestion(question: string): Theme | 'other' {
  // The topic is quoted inside the question; its own words must not decide the theme.
  const wording = question.replace(/“[^“”]*”/g, ' ');
  return PATTERNS.find(([, pattern]) => pattern.test(wording))?.[0] ?? 'other';
}
