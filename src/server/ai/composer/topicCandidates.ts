// Topic ideas for each Common App prompt, each built from one specific part of the student's profile.
// A builder returns null when the profile lacks what it needs: suggestions never name what the student didn't.
import type { PromptNumber } from '../../../common/constants.ts';
import type { TopicSuggestion } from '../../../common/formDocument.ts';
import type { StudentActivity, StudentProfile } from '../profile.ts';
import { activityName, activityStoryText, commitment, yearsText } from './activities.ts';
import { activityDetails, personOf, phrase, quote, setbackSentence } from './phrases.ts';
import { capitalise, continueWith, joinList } from './text.ts';

/** A suggestion and the detail of the student's it is built on, so no two prompts draw on the same one. */
export interface Candidate extends TopicSuggestion { source: string }
type Maybe = Candidate | null;
const indexOf = (p: StudentProfile, a: StudentActivity): number => p.activities.indexOf(a);

const byCommitment = (p: StudentProfile): StudentActivity[] => [...p.activities].sort((a, b) => commitment(b) - commitment(a));
const withDetails = (a: StudentActivity): string => {
  const details = activityDetails(a);
  return details ? `${activityName(a, 'second')} (${details})` : activityName(a, 'second');
};
/** The student's majors, else their subjects, and how to say truthfully which of the two they are. */
const interest = (p: StudentProfile): { field: string; said: string } | null => {
  if (p.majors.length > 0) return { field: joinList(p.majors.slice(0, 2)), said: 'You want to study' };
  if (p.subjects.length > 0) return { field: joinList(p.subjects.slice(0, 2)), said: 'Your profile lists' };
  return null;
};
/** " In your words: “…”." — the activity's own description, quoted, or '' when it has none. */
const inYourWords = (a: StudentActivity, after = ''): string => {
  const text = activityStoryText(a) || a.description;
  return text ? ` In your words: ${quote(text, 16)}.${after}` : after;
};
const title = (a: StudentActivity, rest: string): string => `${capitalise(activityName(a))}: ${rest}`;

const unique = (p: StudentProfile): Maybe => p.insights.unique ? {
  source: 'insight:unique',
  title: `What people don't see: ${phrase(p.insights.unique)}`,
  description: `You wish people knew ${quote(p.insights.unique)}. Show where that comes from and how it shapes what you do, so the reader meets the person behind the grades.`,
} : null;

const hobby = (prefix: string, ask: string) => (p: StudentProfile): Maybe => p.insights.hobby ? {
  source: 'insight:hobby',
  title: `${prefix}: ${phrase(p.insights.hobby)}`,
  description: `Outside school you love ${quote(p.insights.hobby)}. ${ask}`,
} : null;

const lesson = (prefix: string, ask: string) => (p: StudentProfile): Maybe => p.insights.lesson ? {
  source: 'insight:lesson',
  title: `${prefix}: ${phrase(p.insights.lesson)}`,
  description: `You wrote about a time you messed up: ${quote(p.insights.lesson)}. ${ask}`,
} : null;

const happy = (prefix: string, ask: string) => (p: StudentProfile): Maybe => p.insights.happy ? {
  source: 'insight:happy',
  title: `${prefix}: ${phrase(p.insights.happy)}`,
  description: `Something that made you really happy: ${quote(p.insights.happy)}. ${ask}`,
} : null;

const roleModel = (title: (who: string) => string, ask: string) => (p: StudentProfile): Maybe => p.insights.roleModel ? {
  source: 'insight:roleModel',
  title: title(continueWith(personOf(p.insights.roleModel))),
  description: `You look up to ${continueWith(quote(p.insights.roleModel))}. ${ask}`,
} : null;

/** One idea per activity, the `rank`-th most time-consuming first, so each prompt can take a different one. */
const topActivity = (rank: number, title: (a: StudentActivity) => string, ask: string) => (p: StudentProfile): Candidate[] => {
  const ordered = byCommitment(p);
  return [...ordered.slice(rank), ...ordered.slice(0, rank)].map((activity) => {
    const text = activityStoryText(activity);
    const story = text ? ` In your words: ${quote(text)}.` : '';
    return { source: `activity:${indexOf(p, activity)}`, title: title(activity), description: `You listed ${withDetails(activity)}.${story} ${ask}` };
  });
};

const setbackActivity = (p: StudentProfile): Candidate[] => byCommitment(p).flatMap((activity) => {
  const sentence = setbackSentence(activity.description);
  return sentence ? [{
    source: `activity:${indexOf(p, activity)}`,
    title: title(activity, phrase(sentence, 12)),
    description: `From your ${activityName(activity, 'second')} entry: ${quote(sentence)}. Walk through that setback, what you did next, and the lesson it left you with.`,
  }] : [];
});

const leader = (rank: number) => (p: StudentProfile): Candidate[] => {
  const leaders = byCommitment(p).filter((a) => a.leadership);
  return [...leaders.slice(rank), ...leaders.slice(0, rank)].map((activity) => ({
    source: `role:${indexOf(p, activity)}`,
    title: title(activity, `becoming ${activity.leadership}`),
    description: `You took on the role of ${activity.leadership} in ${activityName(activity, 'second')}${activity.years.length > 0 ? `, ${yearsText(activity.years)}` : ''}.${inYourWords(activity, ' ')}Show one moment that role changed how you see yourself or the people you lead.`,
  }));
};

const work = (p: StudentProfile): Maybe => {
  const job = p.activities.find((a) => a.category === 'work_experience');
  return job ? {
    source: `activity:${indexOf(p, job)}`,
    title: title(job, 'balancing it with school'),
    description: `You listed ${withDetails(job)}.${inYourWords(job, ' ')}Write about what that work asks of you, what it makes possible for others, and what carrying both has taught you.`,
  } : null;
};

const fieldOfStudy = (heading: (x: string) => string, ask: (x: string) => string) => (p: StudentProfile): Maybe => {
  const found = interest(p);
  if (!found) return null;
  const thin = p.activities.length === 0 && Object.values(p.insights).every((text) => text === '');
  const hint = thin ? ' Adding your activities or Personal Insights answers will make this idea more specific.' : '';
  return { source: 'academics', title: heading(found.field), description: `${found.said} ${found.field}. ${ask(found.field)}${hint}` };
};

const writingSample = (ask: string) => (p: StudentProfile): Maybe => p.writingSample.text ? {
  source: 'writingSample',
  title: p.writingSample.title ? `The idea behind “${p.writingSample.title}”` : `Where my writing sample began: ${phrase(p.writingSample.text, 7)}`,
  description: `Your writing sample already sounds like you: ${quote(p.writingSample.text, 20)}. ${ask}`,
} : null;

const legacy = (field: 'challenge' | 'background', prefix: string, ask: string) => (p: StudentProfile): Maybe =>
  p.legacy[field] ? { source: `legacy:${field}`, title: `${prefix}: ${phrase(p.legacy[field])}`, description: `You wrote ${quote(p.legacy[field])}. ${ask}` } : null;

export const TOPIC_BUILDERS: Record<PromptNumber, Array<(p: StudentProfile) => Maybe | Candidate[]>> = {
  '1': [
    unique,
    topActivity(0, (a) => title(a, 'more than an activity'), 'Show why this is part of who you are, not just how you spend your time.'),
    hobby('Who I am outside school', 'Tell how it started and what it says about the way you think.'),
    legacy('background', 'Where I come from', 'Show how your background shapes what you notice and what you care about.'),
    writingSample('Build a personal statement around the subject it circles.'),
  ],
  '2': [
    lesson('When I messed up', 'Recount what happened, what you did next, and what you do differently now.'),
    setbackActivity,
    work,
    legacy('challenge', 'The challenge I faced', 'Describe how it affected you and what you learned from it.'),
    leader(0),
  ],
  '3': [
    fieldOfStudy((x) => `Questioning an assumption in ${x}`, () => 'Pick one idea there you once took for granted, what made you question it, and where you landed.'),
    lesson('What I had to rethink', 'What belief about yourself or others did this mistake challenge, and what replaced it?'),
    roleModel((who) => `Seeing ${who} differently`, 'Was there a moment this person changed what you believed was possible or right? Start there.'),
    unique,
    writingSample('Write about the belief the piece questions, or the one you held before you wrote it.'),
    legacy('background', 'What I was raised to believe', 'Name one belief from home you have tested, and what you think now.'),
    topActivity(1, (a) => title(a, 'the rule I stopped following'), 'Name one way of doing things there you questioned, and what you did instead.'),
  ],
  '4': [
    roleModel((who) => `Grateful for ${who}`, 'Describe one specific thing they did for you and how that gratitude changed what you do.'),
    happy('A moment I am thankful for', 'Who made that moment possible, and how has thanking them changed you?'),
    topActivity(0, (a) => title(a, 'what it gave back to me'), 'Write about someone there whose kindness or trust surprised you, and what it moved you to do.'),
    writingSample('Write about who helped you reach the moment it describes, and how you have thanked them.'),
  ],
  '5': [
    leader(0),
    happy('The moment I grew', 'What did that moment show you about yourself that you had not seen before?'),
    topActivity(0, (a) => title(a, 'what it taught me about myself'), 'Pick the moment it stopped being a routine and started changing you.'),
    leader(1),
    lesson('Growing after a mistake', 'Focus on the period after: what changed in how you act and how you see others.'),
    writingSample('Write about what you saw in yourself by the end of it that you had not seen at the start.'),
    hobby('What I taught myself', 'Describe how you got better at it, and what that says about the way you grow.'),
  ],
  '6': [
    hobby('Losing track of time', 'Explain what captivates you about it and who or what you turn to when you want to learn more.'),
    fieldOfStudy((x) => `Why ${x} makes me lose track of time`, (x) => `Describe the question in ${x} that keeps pulling you in and where you go to learn more.`),
    topActivity(0, (a) => title(a, 'hours that feel like minutes'), 'Explain what absorbs you so completely, and who or what you turn to when you want to learn more.'),
    writingSample('Write about the idea that made you want to write it and where you go to learn more.'),
  ],
};
