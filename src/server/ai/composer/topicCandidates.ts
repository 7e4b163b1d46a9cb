// Topic ideas for each Common App prompt, each built from one specific part of the student's profile.
// A builder returns null when the profile lacks what it needs: suggestions never name what the student didn't.
// A title is a short noun phrase drawn from the student's words ("Folding origami"), never their sentence read
// back to them, and its description quotes what the title does not say.
import type { PromptNumber } from '../../../common/essay/prompts.ts';
import type { TopicSuggestion } from '../../../common/questionnaire/formDocument.ts';
import type { StudentActivity, StudentProfile } from '../profile.ts';
import { activityName, activityStoryText, commitment, yearsText } from './activities.ts';
import { activityDetails, quote, setbackSentence } from './phrases.ts';
import { capitalise, continueWith, countWords, joinList, lowerIfSentenceCase } from './text.ts';
import { sentenceTexts } from '../../../common/text/sentences.ts';
import { personPhrase, repeatsTitle, titlePhrase, type TitlePhrase } from './titles.ts';

/** A suggestion and the detail of the student's it is built on, so no two prompts draw on the same one. */
export interface Candidate extends TopicSuggestion { source: string }
type Maybe = Candidate | null;
const indexOf = (p: StudentProfile, a: StudentActivity): number => p.activities.indexOf(a);
const byCommitment = (p: StudentProfile): StudentActivity[] => [...p.activities].sort((a, b) => commitment(b) - commitment(a));

/** The student's text quoted beside a title: whole when the title does not repeat it, else what follows the title's words. */
function quoteBeside(title: string, text: string, end: number, maxWords = 24): string | null {
  const whole = quote(text, maxWords);
  if (!repeatsTitle(title, whole)) return whole;
  const rest = text.slice(end).replace(/^[\s.,;:!?—–-]+/, '');
  const after = countWords(rest) >= 3 ? `“…${quote(rest, maxWords).slice(1)}` : null;
  return after !== null && !repeatsTitle(title, after) ? after : null;
}

/** A suggestion whose description leads with what the student wrote, quoted beside the title where it adds to it. */
function suggestion(source: string, title: string, lead: string, text: string, end: number, ask: string): Candidate {
  const quoted = quoteBeside(title, text, end);
  return { source, title, description: `${lead}${quoted ? `: ${quoted}` : ''}. ${ask}` };
}

/** The first of a text's opening sentences that gives a title phrase, its end counted in the whole text. */
function phraseIn(text: string, sentences = 1): TitlePhrase | null {
  let from = 0;
  for (const sentence of sentenceTexts(text).slice(0, sentences)) {
    const at = text.indexOf(sentence, from);
    const found = titlePhrase(sentence);
    if (found) return { phrase: found.phrase, end: at + found.end };
    from = at + sentence.length;
  }
  return null;
}

const titled = (found: TitlePhrase, angle: string): string => (angle === '' ? found.phrase : `${found.phrase}: ${angle}`);

/** An idea built on one insight answer: its title the answer's noun phrase, with the prompt's angle when it has one. */
const insight = (key: 'unique' | 'hobby' | 'lesson' | 'happy', lead: string) => (angle: string, ask: string) => (p: StudentProfile): Maybe => {
  const text = p.insights[key];
  const found = text ? phraseIn(text) : null;
  return found && suggestion(`insight:${key}`, titled(found, angle), lead, text, found.end, ask);
};
const unique = insight('unique', 'You wish people knew this about you');
const hobby = insight('hobby', 'You wrote about what you love doing outside school');
const lesson = insight('lesson', 'You wrote about a time you messed up');
const happy = insight('happy', 'You wrote about something that made you really happy');

const roleModel = (title: (who: string) => string, ask: string) => (p: StudentProfile): Maybe => {
  const found = p.insights.roleModel ? personPhrase(p.insights.roleModel) : null;
  return found && suggestion('insight:roleModel', title(continueWith(found.phrase)), 'You named someone you look up to', p.insights.roleModel, found.end, ask);
};

const title = (a: StudentActivity, rest: string): string => `${capitalise(activityName(a))}: ${rest}`;
/** The activity's schedule, without its name: the title names it already. */
const listed = (a: StudentActivity, what = 'this activity'): string => {
  const details = activityDetails(a);
  return details ? `You listed ${what} (${details}).` : `You listed ${what}.`;
};
/** " In your words: “…”." — the activity's own description, quoted, or '' when it has none or the title says it. */
const inYourWords = (heading: string, a: StudentActivity, maxWords = 24): string => {
  const text = activityStoryText(a) || a.description;
  // The description after the activity's name ("Dog walking and kennel cleaning…") is quoted as the middle of it.
  const midway = text !== a.description && /^\p{Ll}/u.test(text);
  const quoted = text ? `${midway ? '“…' : ''}${quote(text, maxWords).slice(midway ? 1 : 0)}` : '';
  return quoted && !repeatsTitle(heading, quoted) ? ` In your words: ${quoted}.` : '';
};

/** One idea per activity, the `rank`-th most time-consuming first, so each prompt can take a different one. */
const topActivity = (rank: number, angle: string, ask: string) => (p: StudentProfile): Candidate[] => {
  const ordered = byCommitment(p);
  return [...ordered.slice(rank), ...ordered.slice(0, rank)].map((activity) => {
    const heading = title(activity, angle);
    return { source: `activity:${indexOf(p, activity)}`, title: heading, description: `${listed(activity)}${inYourWords(heading, activity)} ${ask}` };
  });
};

const setbackActivity = (p: StudentProfile): Candidate[] => byCommitment(p).flatMap((activity) => {
  const sentence = setbackSentence(activity.description);
  const found = sentence ? titlePhrase(sentence) : null;
  return sentence && found ? [suggestion(`activity:${indexOf(p, activity)}`, found.phrase, `From your ${activityName(activity, 'second')} entry`,
    sentence, found.end, 'Walk through that setback, what you did next, and the lesson it left you with.')] : [];
});

/** "Becoming drive team captain" for a role named in a few words; the role's own phrase for one told as a sentence. */
function roleTitle(activity: StudentActivity): string {
  const found = titlePhrase(activity.leadership);
  if (countWords(activity.leadership) <= 4 && found?.phrase.toLowerCase() === activity.leadership.trim().toLowerCase()) {
    return `Becoming ${lowerIfSentenceCase(activity.leadership.trim())}`;
  }
  return found && /^\p{Lu}\p{Ll}*ing\b/u.test(found.phrase) ? found.phrase : title(activity, 'the role I took on');
}

const leader = (rank: number) => (p: StudentProfile): Candidate[] => {
  // A role is something taken on: "member" names none.
  const leaders = byCommitment(p).filter((a) => a.leadership !== '' && !/^(?:a |an )?member$/i.test(a.leadership.trim()));
  return [...leaders.slice(rank), ...leaders.slice(0, rank)].map((activity) => {
    const heading = roleTitle(activity);
    const when = activity.years.length > 0 ? `, ${yearsText(activity.years)}` : '';
    // A title that names the activity already gets the role, in the student's words, beside it instead.
    const took = repeatsTitle(heading, activityName(activity, 'second'))
      ? `You took on this role${when}: ${quote(activity.leadership, 16)}.`
      : `You took on this role in ${activityName(activity, 'second')}${when}.`;
    return {
      source: `role:${indexOf(p, activity)}`, title: heading,
      description: `${took}${inYourWords(heading, activity, 16)} Show one moment that role changed how you see yourself or the people you lead.`,
    };
  });
};

const work = (p: StudentProfile): Maybe => {
  const job = p.activities.find((a) => a.category === 'work_experience');
  if (!job) return null;
  const heading = title(job, 'balancing it with school');
  return {
    source: `activity:${indexOf(p, job)}`, title: heading,
    description: `${listed(job, 'this job')}${inYourWords(heading, job, 16)} Write about what that work asks of you, what it makes possible for others, and what carrying both has taught you.`,
  };
};

/** The student's majors, else their subjects, and how to say truthfully which of the two they are. */
const interest = (p: StudentProfile): { field: string; said: string } | null => {
  if (p.majors.length > 0) return { field: joinList(p.majors.slice(0, 2)), said: 'You want to study' };
  if (p.subjects.length > 0) return { field: joinList(p.subjects.slice(0, 2)), said: 'Your profile lists' };
  return null;
};

const fieldOfStudy = (heading: (x: string) => string, ask: (x: string) => string) => (p: StudentProfile): Maybe => {
  const found = interest(p);
  if (!found) return null;
  const thin = p.activities.length === 0 && Object.values(p.insights).every((text) => text === '');
  const hint = thin ? ' Adding your activities or Personal Insights answers will make this idea more specific.' : '';
  return { source: 'academics', title: heading(found.field), description: `${found.said} ${found.field}. ${ask(found.field)}${hint}` };
};

const writingSample = (angle: string, ask: string) => (p: StudentProfile): Maybe => {
  const { title: named, text } = p.writingSample;
  if (!text) return null;
  const lead = 'Your writing sample already sounds like you';
  if (named) return suggestion('writingSample', angle === '' ? `The idea behind “${named}”` : `“${named}”: ${angle}`, lead, text, 0, ask);
  const found = phraseIn(text, 3);
  return found && suggestion('writingSample', titled(found, angle), lead, text, found.end, ask);
};

const legacy = (field: 'challenge' | 'background', angle: string, ask: string) => (p: StudentProfile): Maybe => {
  const text = p.legacy[field];
  const found = text ? phraseIn(text) : null;
  return found && suggestion(`legacy:${field}`, titled(found, angle), 'You wrote about this', text, found.end, ask);
};

export const TOPIC_BUILDERS: Record<PromptNumber, Array<(p: StudentProfile) => Maybe | Candidate[]>> = {
  '1': [
    unique('', 'Show where that comes from and how it shapes what you do, so the reader meets the person behind the grades.'),
    topActivity(0, 'more than an activity', 'Show why this is part of who you are, not just how you spend your time.'),
    hobby('', 'Tell how it started and what it says about the way you think.'),
    legacy('background', '', 'Show how your background shapes what you notice and what you care about.'),
    writingSample('', 'Build a personal statement around the subject it circles.'),
  ],
  '2': [
    lesson('', 'Recount what happened, what you did next, and what you do differently now.'),
    setbackActivity,
    work,
    legacy('challenge', '', 'Describe how it affected you and what you learned from it.'),
    leader(0),
  ],
  '3': [
    fieldOfStudy((x) => `Questioning an assumption in ${x}`, () => 'Pick one idea there you once took for granted, what made you question it, and where you landed.'),
    lesson('what it changed', 'What belief about yourself or others did this mistake challenge, and what replaced it?'),
    roleModel((who) => `Seeing ${who} differently`, 'Was there a moment this person changed what you believed was possible or right? Start there.'),
    unique('a second look', 'Show where that comes from and how it shapes what you do, so the reader meets the person behind the grades.'),
    writingSample('the belief behind it', 'Write about the belief the piece questions, or the one you held before you wrote it.'),
    legacy('background', 'beliefs from home', 'Name one belief from home you have tested, and what you think now.'),
    topActivity(1, 'the rule I stopped following', 'Name one way of doing things there you questioned, and what you did instead.'),
  ],
  '4': [
    roleModel((who) => `What I owe ${who}`, 'Describe one specific thing they did for you and how that gratitude changed what you do.'),
    happy('a thank-you', 'Who made that moment possible, and how has thanking them changed you?'),
    topActivity(0, 'what it gave back', 'Write about someone there whose kindness or trust surprised you, and what it moved you to do.'),
    writingSample('a thank-you', 'Write about who helped you reach the moment it describes, and how you have thanked them.'),
  ],
  '5': [
    leader(0),
    happy('', 'What did that moment show you about yourself that you had not seen before?'),
    topActivity(0, 'what it taught me', 'Pick the moment it stopped being a routine and started changing you.'),
    leader(1),
    lesson('what came after', 'Focus on the period after: what changed in how you act and how you see others.'),
    writingSample('what I saw in myself', 'Write about what you saw in yourself by the end of it that you had not seen at the start.'),
    hobby('getting better', 'Describe how you got better at it, and what that says about the way you grow.'),
  ],
  '6': [
    hobby('losing track of time', 'Explain what captivates you about it and who or what you turn to when you want to learn more.'),
    fieldOfStudy((x) => `Why ${x} makes me lose track of time`, (x) => `Describe the question in ${x} that keeps pulling you in and where you go to learn more.`),
    topActivity(0, 'hours that feel like minutes', 'Explain what absorbs you so completely, and who or what you turn to when you want to learn more.'),
    writingSample('where it started', 'Write about the idea that made you want to write it and where you go to learn more.'),
  ],
};
