// What "Ask the coach" would cost the server if it ran the rules again for a draft the device has already
// reviewed: CPU time of the rules on the largest draft the API accepts, with a full questionnaire behind it, and
// the bytes of the whole review against the model's questions alone (at most 12). Run by hand:
// `npx tsx test/bench/coachAsk.ts`.
import { analyseDraft, type CoachInput } from '../../src/common/coach/index.ts';
import { COACH_MAX_CHARS, COACH_MODEL_COMMENTS_MAX } from '../../src/common/coach/limits.ts';
import { PROFILES } from '../fixtures/profiles.ts';
import { draftOf } from './coach.ts';

const RUNS = 200;
const draft = draftOf(4000).slice(0, COACH_MAX_CHARS);
const cases: CoachInput[] = PROFILES.map((profile) => ({
  kind: 'personal', draft, material: { form: profile.form, followUpResponses: profile.followUpResponses },
}));
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

for (let i = 0; i < 20; i += 1) analyseDraft(cases[i % cases.length]!);
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const started = cpuMs();
  analyseDraft(cases[i % cases.length]!);
  times.push(cpuMs() - started);
}
times.sort((a, b) => a - b);
const review = analyseDraft(cases[0]!);
const questions = review.paragraphs.flatMap((paragraph) => paragraph.comments.map(({ kind, quote, question }) => ({ paragraph: paragraph.index, kind, quote, question })))
  .slice(0, COACH_MODEL_COMMENTS_MAX);
console.log([
  `draft: ${draft.length} characters, ${review.paragraphs.length} paragraphs, ${review.words} words; ${PROFILES.length} questionnaires`,
  `rules, CPU per review: median ${times[RUNS / 2]!.toFixed(2)} ms, p95 ${times[Math.ceil(RUNS * 0.95) - 1]!.toFixed(2)} ms (${RUNS} runs)`,
  `answer: whole review ${JSON.stringify(review).length} bytes; ${COACH_MODEL_COMMENTS_MAX} questions alone ${JSON.stringify({ engine: 'model', comments: questions }).length} bytes`,
].join('\n'));
