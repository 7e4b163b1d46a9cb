// The essay quality harness as a bench step: every harness student through the offline composer, and the
// recorded model answers through the AI adapter, measured into tables (returned as markdown, for the bench's
// results); then the coach's findings on each composer draft (comments by kind, the five bands). The rows
// returned are the harness's pass rates against its thresholds and against the coach, and the shortest personal
// statement from the stated minimum of material (the Vitest tests assert the same). Runs standalone with
// `npx tsx test/bench/essayQuality.ts`.
import { pathToFileURL } from 'node:url';
import { MATERIAL_FOR_MINIMUM_WORDS } from '../../src/common/essay/essayMaterial.ts';
import { PERSONAL_STATEMENT_MIN_WORDS } from '../../src/common/limits/limits.ts';
import { countWords } from '../../src/common/text/wordCount.ts';
import { collectText } from '../../src/server/ai/port.ts';
import { QUALITY_CASES, type PersonalCase } from '../fixtures/qualityProfiles.ts';
import { coachFailures, coachTable } from '../server/ai/coachFindings.ts';
import { measure } from '../server/ai/essayQuality.ts';
import { ordinaryFlow, trimmedTo } from '../server/ai/materialVariants.ts';
import { composer, qualityTable, RECORDED, runAll, studentTextOf, throughAdapter, type CaseResult } from '../server/ai/qualityHarness.ts';
import { formatRows, type BenchRow } from './types.ts';

/** A draft meets the harness's thresholds (the same the Vitest harness asserts). */
export function meetsThresholds(r: Pick<CaseResult, 'quality' | 'band' | 'repeatedTitles'>): boolean {
  const q = r.quality;
  return q.words >= r.band.min && q.words <= r.band.max && q.plantedUsed * 2 >= q.plantedTotal && q.unsupported.length === 0
    && q.repeatedSentences === 0 && q.seams.length === 0 && q.junk.length === 0 && q.cliches.length === 0
    && q.keyTermsMissing.length === 0 && r.repeatedTitles.length === 0;
}

/**
 * The shortest personal statement, over every harness student cut to the stated minimum of material (three
 * cuts each) and taken through the ordinary flow for every prompt, and how many statements that was.
 */
async function shortestAtMinimum(): Promise<{ words: number; essays: number }> {
  const lengths: number[] = [];
  for (const c of QUALITY_CASES.filter((x): x is PersonalCase => x.kind === 'personal')) {
    for (const seed of [0, 1, 2]) {
      const student = trimmedTo(c, MATERIAL_FOR_MINIMUM_WORDS, seed);
      if (!student) continue;
      for (const request of await ordinaryFlow(composer, student)) lengths.push(countWords(await collectText(composer.essay(request))));
    }
  }
  return { words: Math.min(...lengths), essays: lengths.length };
}

export async function benchEssayQuality(): Promise<{ rows: BenchRow[]; markdown: string }> {
  const composed = await runAll(0);
  const recorded = await Promise.all(RECORDED.map(async (entry) => {
    const text = await throughAdapter(entry);
    const { c } = entry;
    const quality = measure(text, { studentText: studentTextOf(c), planted: c.planted, ...(c.kind === 'supplemental' ? { keyTerms: c.keyTerms } : {}) });
    const max = c.kind === 'personal' ? 650 : c.wordCount;
    const min = c.kind === 'personal' ? 250 : Math.ceil(0.85 * c.wordCount);
    return { ...entry, quality, band: { min, max }, repeatedTitles: [] as string[] };
  }));
  const lines = recorded.map(({ name, quality: q, band }) =>
    `| ${name} | ${q.words} (${band.min}–${band.max}) | ${q.plantedUsed}/${q.plantedTotal} | ${q.repeatedSentences} | ${q.seams.length} | ${q.junk.length} | ${q.keyTermsMissing.length === 0 ? 'ok' : 'missing'} |`);
  // Every Regenerate is held to the coach too.
  const variants = [composed, ...(await Promise.all([1, 2, 3].map((variant) => runAll(variant))))].flat();
  const coachPassed = variants.filter((r) => coachFailures(r.coach).length === 0).length;
  const markdown = ['Offline composer (variant 0):', '', qualityTable(composed), '',
    'Recorded model answers through the AI adapter:', '',
    '| answer | words (band) | planted | repeated sentences | seams | junk | key terms |', '|---|---|---|---|---|---|---|', ...lines, '',
    "Coach on the composer's drafts (variant 0): comments by kind, bands s strong, d developing, m missing", '',
    coachTable(composed)].join('\n');
  const atMinimum = await shortestAtMinimum();
  const passed = composed.filter(meetsThresholds).length;
  const modelPassed = recorded.filter(meetsThresholds).length;
  const rows: BenchRow[] = [
    { name: `essay quality: composer drafts meeting every threshold (${composed.length} profiles)`, value: passed, unit: `of ${composed.length}`, budget: `${composed.length} of ${composed.length}`, pass: passed === composed.length },
    { name: `essay quality: recorded model answers meeting every threshold after the adapter (${recorded.length})`, value: modelPassed, unit: `of ${recorded.length}`, budget: `${recorded.length} of ${recorded.length}`, pass: modelPassed === recorded.length },
    { name: `essay minimum: shortest personal statement from ${MATERIAL_FOR_MINIMUM_WORDS} words of material (${atMinimum.essays} statements, ordinary flow)`, value: atMinimum.words, unit: 'words', budget: `≥ ${PERSONAL_STATEMENT_MIN_WORDS}`, pass: atMinimum.words >= PERSONAL_STATEMENT_MIN_WORDS },
    { name: `coach: composer drafts with no cliché or repetition comment and no missing specificity (${composed.length} profiles × 4 variants)`, value: coachPassed, unit: `of ${variants.length}`, budget: `${variants.length} of ${variants.length}`, pass: coachPassed === variants.length },
  ];
  return { rows, markdown };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, markdown } = await benchEssayQuality();
  console.log(`${markdown}\n\n${formatRows(rows)}`);
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
