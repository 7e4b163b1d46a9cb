// A supplemental essay: the student's material most relevant to the prompt first, fitted to the 10% just under
// the requested count. Length rule: only the student's own sentences plus one short transition per section are
// used, so a thin profile gets a shorter draft (as long as its material allows) rather than padding.
import type { SupplementalInput } from '../port.ts';
import { answeredResponses, type StudentProfile } from '../profile.ts';
import { activityFacts, activityStory } from './activities.ts';
import { arrange, withFrames, type Section } from './assemble.ts';
import { fitGroups, type Group } from './fit.ts';
import { answerSentences, fieldSentence, insightSentences, keywords, MAX_SAMPLE_SENTENCES, overlap } from './material.ts';
import { classifyQuestion } from '../themes.ts';
import type { Chooser } from './random.ts';
import { joinList } from './text.ts';

const SUPPLEMENTAL_FRAMES: Partial<Record<Section, string[]>> = {
  0: ['My answer starts with my own experience.', 'The clearest answer I can give comes from my own life.', 'I can answer this best with what I have done.'],
  4: ['Looking ahead, I know what I want.', 'That is where my next step begins.', 'I know where I want this to lead.'],
};

const PLACE = /college|university|school|us|program/i;
/**
 * "Why … college (university, school, us, program)" on one line, "what draws you", or "fit". Read in one pass per
 * line from its first "why": the pattern `why\b.*(?:college|…)` would rescan the rest of the line from every
 * "why" in it, which takes quadratic time on a prompt made of them.
 */
const WHY_COLLEGE = {
  test: (text: string): boolean => /what draws you|fit/i.test(text) || text.split(/[\n\r\u2028\u2029]/).some((line) => {
    const at = line.search(/why\b/i);
    return at >= 0 && PLACE.test(line.slice(at + 3));
  }),
};

/** Prompt wordings that point at a kind of material, beyond the words they share with it. */
const HINTS: Array<[{ test(text: string): boolean }, RegExp]> = [
  [/communit|volunteer|service|help|neighbo/i, /^(?:activity:community_service|activity:religious|insight:roleModel)/],
  [WHY_COLLEGE, /^(?:college|field)/],
  [/activit|extracurricular|involve|commit|role|lead/i, /^activity:/],
  [/challenge|obstacle|fail|setback|difficult/i, /^(?:insight:lesson|answer:challenge|legacy:challenge)/],
  [/intellectual|curio|idea|learn|academic|excite|passion/i, /^(?:insight:hobby|field|sample)/],
  [/identity|background|divers|perspective|culture|family/i, /^(?:insight:unique|legacy:background|insight:roleModel)/],
  [/person|influence|someone|mentor|admire/i, /^insight:roleModel/],
];

interface Material { kind: string; sentences: string[] }

function material(input: SupplementalInput, profile: StudentProfile): Material[] {
  const items: Material[] = profile.activities.map((a) => ({
    kind: `activity:${a.category}`, sentences: [...activityFacts(a), ...activityStory(a)],
  }));
  for (const key of ['unique', 'lesson', 'happy', 'roleModel', 'hobby'] as const) {
    items.push({ kind: `insight:${key}`, sentences: insightSentences(key, profile.insights[key]) });
  }
  for (const { question, answer } of answeredResponses(input.form.followUpResponses)) {
    items.push({ kind: `answer:${classifyQuestion(question)}`, sentences: answerSentences(answer, classifyQuestion(question)) });
  }
  items.push({ kind: 'sample', sentences: answerSentences(profile.writingSample.text, 'other', MAX_SAMPLE_SENTENCES) });
  items.push({ kind: 'legacy:background', sentences: answerSentences(profile.legacy.background) });
  items.push({ kind: 'legacy:challenge', sentences: answerSentences(profile.legacy.challenge) });
  items.push({ kind: 'legacy:volunteer', sentences: answerSentences(profile.legacy.volunteerWork) });
  const named = profile.specificColleges.find((college) => input.essayPrompt.toLowerCase().includes(college.toLowerCase()));
  const kindOfCollege = profile.collegeTypes[0]?.toLowerCase();
  const college = [
    kindOfCollege && profile.majors.length > 0 ? `I am looking for a ${kindOfCollege} where I can study ${joinList(profile.majors.slice(0, 2))}.` : '',
    named ? `${named} is one of the colleges on my list.` : '',
  ].filter((s) => s !== '');
  items.push({ kind: 'college', sentences: college });
  return items.filter((item) => item.sentences.length > 0);
}

export function supplementalGroups(input: SupplementalInput, profile: StudentProfile, chooser: Chooser): Group[] {
  const promptWords = keywords(input.essayPrompt);
  const hinted = HINTS.filter(([prompt]) => prompt.test(input.essayPrompt)).map(([, kind]) => kind);
  const scored = material(input, profile).map((item) => {
    const relevance = overlap(promptWords, keywords(item.sentences.join(' ')));
    const hint = hinted.some((kind) => kind.test(item.kind)) ? 3 : 0;
    return { item, weight: 2 + Math.min(relevance, 5) + hint + (item.kind.startsWith('answer') ? 0.5 : 0) + chooser.next() * 0.4 };
  }).sort((a, b) => b.weight - a.weight);

  const groups: Group[] = scored.map(({ item, weight }, i) => ({
    sentences: item.sentences, weight, section: i === 0 ? 0 : 1, order: i,
  }));
  // The close names what the student wants to study, unless the college material already does.
  const field = fieldSentence(profile, chooser.pick(['a', 'b'], 'field'));
  const saysField = WHY_COLLEGE.test(input.essayPrompt) && profile.majors.length > 0 && profile.collegeTypes.length > 0;
  if (field && !saysField) groups.push({ sentences: [field], weight: 4, section: 4, order: 0 });
  return groups;
}

export function composeSupplemental(input: SupplementalInput, profile: StudentProfile, chooser: Chooser): string[][] {
  const target = Math.max(1, Math.floor(input.wordCount));
  const groups = withFrames(supplementalGroups(input, profile, chooser), SUPPLEMENTAL_FRAMES, chooser);
  return arrange(fitGroups(groups, Math.ceil(target * 0.9), target));
}
