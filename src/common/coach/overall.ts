// The overall view: one band per dimension, each with a one-sentence reason that points at a paragraph where
// one applies. Bands, never scores: the rules that set them are in README.md.
import { hasSample, mostFlagged, nth, type DraftContext, type Finding } from './context.ts';
import { craftFinding, promptFinding } from './overallPrompt.ts';
import { clichesIn } from './rules/cliche.ts';
import { reflects } from './rules/reflection.ts';
import { draftMetrics, sampleMetrics, voiceDistance } from './rules/voice.ts';
import type { OverallFinding } from './types.ts';
import { DIMENSIONS } from './types.ts';

function voiceFromSample(context: DraftContext, findings: readonly Finding[]): OverallFinding {
  const sample = sampleMetrics(context);
  const draft = draftMetrics(context.paragraphs);
  const distance = voiceDistance(draft, sample);
  const percent = (share: number): string => `${Math.round(share * 100)} %`;
  const figures = `about ${Math.round(draft.wordsPerSentence)} words a sentence and ${percent(draft.longWords)} long words, `
    + `against ${Math.round(sample.wordsPerSentence)} and ${percent(sample.longWords)} in your writing sample`;
  if (distance >= 1) {
    return { dimension: 'voice', band: 'missing', reason: `The draft reads far from your writing sample: ${figures}.`, paragraph: mostFlagged(findings, ['voice']) };
  }
  if (distance >= 0.5) return { dimension: 'voice', band: 'developing', reason: `The draft drifts from your writing sample: ${figures}.`, paragraph: null };
  return { dimension: 'voice', band: 'strong', reason: `The draft sounds like your writing sample: ${figures}.`, paragraph: null };
}

/** Without a writing sample: first person, sentence lengths that vary, and no stock phrases. */
function voiceFromDraft(context: DraftContext): OverallFinding {
  const sentences = context.paragraphs.flatMap((paragraph) => paragraph.sentences);
  const lengths = sentences.map((sentence) => sentence.tokens.length);
  const mean = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
  const spread = Math.sqrt(lengths.reduce((sum, length) => sum + (length - mean) ** 2, 0) / Math.max(1, lengths.length));
  const varied = lengths.length >= 3 && mean > 0 && spread / mean >= 0.35;
  const firstPerson = sentences.some((sentence) => sentence.tokens.some((token) => ['i', 'my', 'me', "i'm"].includes(token.lower)));
  const cliches = context.paragraphs.map((paragraph) => clichesIn(paragraph).length);
  const clicheTotal = cliches.reduce((sum, count) => sum + count, 0);
  const worst = clicheTotal > 0 ? cliches.indexOf(Math.max(...cliches)) : null;
  const alone = 'Judged from the draft alone (there is no writing sample to compare with)';
  if (!firstPerson || clicheTotal >= 3) {
    const why = firstPerson ? `${clicheTotal} stock phrases speak louder than you do` : 'the draft never says "I"';
    return { dimension: 'voice', band: 'missing', reason: `${alone}: ${why}.`, paragraph: worst };
  }
  if (varied && clicheTotal === 0) return { dimension: 'voice', band: 'strong', reason: `${alone}: it speaks in the first person, in sentences of varied length, without stock phrases.`, paragraph: null };
  const why = clicheTotal > 0 ? `stock phrases, most in ${nth(worst!)}` : 'sentences of much the same length';
  return { dimension: 'voice', band: 'developing', reason: `${alone}: your own voice is there but flattened by ${why}.`, paragraph: worst };
}

function specificityFinding(context: DraftContext, findings: readonly Finding[]): OverallFinding {
  const { paragraphs } = context;
  const concrete = paragraphs.reduce((sum, paragraph) => sum + paragraph.concrete, 0);
  const density = (concrete * 100) / Math.max(1, context.words);
  const vague = findings.filter((found) => found.kind === 'specificity').map((found) => found.paragraph);
  const generic = findings.filter((found) => found.kind === 'generic').length;
  const perWord = (index: number): number => paragraphs[index]!.concrete / Math.max(1, paragraphs[index]!.words);
  const indexes = paragraphs.map((paragraph) => paragraph.index);
  const thinnest = vague[0] ?? indexes.reduce((best, index) => (perWord(index) < perWord(best) ? index : best));
  const richest = indexes.reduce((best, index) => (perWord(index) > perWord(best) ? index : best));
  const rate = `about ${Math.round(density)} concrete details per hundred words`;
  if (density < 1.5 || vague.length >= Math.max(1, Math.ceil(paragraphs.length / 2))) {
    return { dimension: 'specificity', band: 'missing', reason: `The reader has little to see (${rate}), least of all in ${nth(thinnest)}.`, paragraph: thinnest };
  }
  if (vague.length === 0 && generic <= 1 && density >= 4) {
    return { dimension: 'specificity', band: 'strong', reason: `Names, numbers and things the reader can see run through the draft (${rate}), most in ${nth(richest)}.`, paragraph: richest };
  }
  const where = vague.length > 0 ? thinnest : (mostFlagged(findings, ['generic']) ?? thinnest);
  return { dimension: 'specificity', band: 'developing', reason: `Some of the draft shows and some only tells (${rate}); ${nth(where)} has the least to see.`, paragraph: where };
}

function reflectionFinding(context: DraftContext, findings: readonly Finding[]): OverallFinding {
  if (!reflects(context)) {
    const band = context.kind === 'personal' ? 'missing' : 'developing';
    return { dimension: 'reflection', band, reason: 'No paragraph yet says what these events meant to you or changed in you.', paragraph: null };
  }
  const detached = mostFlagged(findings, ['reflection']);
  if (detached !== null) {
    return { dimension: 'reflection', band: 'developing', reason: `The draft reflects, but ${nth(detached)} could close almost anyone's essay.`, paragraph: detached };
  }
  const closing = context.roles.findLastIndex((role) => role === 'reflection' || role === 'closing');
  const where = closing >= 0 ? closing : context.paragraphs.findLastIndex((paragraph) => paragraph.meaning > 0);
  const reason = where >= 0 ? `The draft says what the story meant in terms of its own, above all in ${nth(where)}.`
    : 'The draft says what the story meant in terms of its own.';
  return { dimension: 'reflection', band: 'strong', reason, paragraph: where >= 0 ? where : null };
}

export function overallFindings(context: DraftContext, findings: readonly Finding[]): OverallFinding[] {
  if (context.paragraphs.length === 0) {
    return DIMENSIONS.map((dimension) => ({ dimension, band: 'missing', reason: 'There is no draft yet to read.', paragraph: null }));
  }
  return [
    hasSample(context) ? voiceFromSample(context, findings) : voiceFromDraft(context),
    specificityFinding(context, findings),
    reflectionFinding(context, findings),
    craftFinding(context, findings),
    promptFinding(context, findings),
  ];
}
