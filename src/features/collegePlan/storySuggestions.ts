// The stories the bank offers from what the student already told the app, each a title and a one-line summary
// made to the bank's limits: the personal statement's topic, each activity and answer about themselves in the
// questionnaire and their writing sample, each follow-up answer (titled by its first sentence), and the drafts they wrote with the coach (the
// newest revision of each, and the draft on the coach's page). Titles and summaries are mended into one line
// (line breaks become spaces, invisible characters go, long text is cut), so the server never refuses one.
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { ACTIVITY_CATEGORY_LABELS } from '../../common/questionnaire/questionnaire.ts';
import type { FormDocument, SelectedTopic } from '../../common/questionnaire/formDocument.ts';
import { repairedOneLine } from '../../common/text/oneLine.ts';
import { sentenceTexts } from '../../common/text/sentences.ts';
import type { CoachState } from '../coach/index.ts';
import type { Story } from './collegePlanSlice.ts';

const L = COLLEGE_PLAN_LIMITS;
/** Coach drafts offered at most: the newest essays' (a student may have hundreds of prompts' revisions). */
export const COACH_SUGGESTIONS_MAX = 10;

export type StorySuggestion = Pick<Story, 'title' | 'summary' | 'source'>;

export type StoryMaterial = {
  profile: Pick<FormDocument, 'activitiesAndInvolvement' | 'personalInsights'>;
  followUpResponses: Readonly<Record<string, string>>;
  selectedTopic: SelectedTopic | null;
  coach: Pick<CoachState, 'draft' | 'versions'>;
};

/** One line of at most `max` characters; a longer one ends at a word with an ellipsis. */
const line = (text: string, max: number): string => {
  // Mended within a bound a little over the limit (invisible characters removed may shorten it), never the whole text.
  const value = repairedOneLine(text, max * 2);
  const chars = [...value];
  if (chars.length <= max) return value;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
};

/** The first sentence of a text (the one splitter every reader of a student's text uses): a draft's title. */
const firstSentence = (text: string): string => sentenceTexts(text)[0] ?? '';

function suggestion(title: string, summary: string, source: StorySuggestion['source']): StorySuggestion[] {
  const cleanTitle = line(title, L.storyTitleChars);
  return cleanTitle === '' ? [] : [{ title: cleanTitle, summary: line(summary, L.storySummaryChars), source }];
}

function fromQuestionnaire({ activitiesAndInvolvement, personalInsights: insights }: StoryMaterial['profile']): StorySuggestion[] {
  const activities = activitiesAndInvolvement.activities.flatMap((activity) => {
    const name = activity.category === 'other' ? activity.otherCategory : activity.category === '' ? '' : ACTIVITY_CATEGORY_LABELS[activity.category];
    return suggestion(name.trim() || activity.description, activity.description, 'questionnaire');
  });
  const answers: Array<[string, string]> = [
    ['What makes me happy', insights.happy], ['My role model', insights.roleModel], ['A lesson I learned', insights.lesson],
    ['My hobby', insights.hobby], ['What makes me unique', insights.unique],
  ];
  const told = answers.filter(([, text]) => text.trim() !== '').flatMap(([title, text]) => suggestion(title, text, 'questionnaire'));
  const sample = insights.writingSample;
  return [...activities, ...told, ...suggestion(sample.title, sample.text, 'questionnaire')];
}

/** Each coach essay's newest revision, newest essays first, and the draft on the page when no revision holds it. */
function fromCoach({ draft, versions }: StoryMaterial['coach']): StorySuggestion[] {
  const newest = Object.values(versions ?? {}).flatMap((list) => (list[0] ? [list[0]] : []))
    .sort((a, b) => b.at.localeCompare(a.at)).map((version) => version.text);
  const texts = draft.trim() !== '' && !newest.includes(draft) ? [draft, ...newest] : newest;
  return texts.slice(0, COACH_SUGGESTIONS_MAX).flatMap((text) => suggestion(firstSentence(text), text, 'coach'));
}

/** Every story the student's material offers, once per title, the personal statement's first. */
export function storySuggestions(material: StoryMaterial): StorySuggestion[] {
  const topic = material.selectedTopic;
  const all = [
    ...(topic ? suggestion(topic.idea, topic.description, 'personalStatement') : []),
    ...fromQuestionnaire(material.profile),
    ...Object.entries(material.followUpResponses).filter(([, answer]) => answer.trim() !== '')
      .flatMap(([, answer]) => suggestion(firstSentence(answer), answer, 'followUp')),
    ...fromCoach(material.coach),
  ];
  const seen = new Set<string>();
  return all.filter((story) => !seen.has(story.title) && Boolean(seen.add(story.title)));
}
