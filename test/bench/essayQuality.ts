// The essay quality harness as a bench step: every harness student through the offline composer, and the
// recorded model answers through the AI adapter, measured into two tables (returned as markdown, for the bench's
// results). The rows returned are the harness's pass rates against its thresholds (the Vitest harness asserts the
// same). Runs standalone with `npx tsx test/bench/essayQuality.ts`.
import { pathToFileURL } from 'node:url';
import { measure } from '../server/ai/essayQuality.ts';
import { qualityTable, RECORDED, runAll, studentTextOf, throughAdapter, type CaseResult } from '../server/ai/qualityHarness.ts';
import { formatRows, type BenchRow } from './types.ts';

/** A draft meets the harness's thresholds (the same the Vitest harness asserts). */
export function meetsThresholds(r: Pick<CaseResult, 'quality' | 'band' | 'repeatedTitles'>): boolean {
  const q = r.quality;
  return q.words >= r.band.min && q.words <= r.band.max && q.plantedUsed * 2 >= q.plantedTotal && q.unsupported.length === 0
    && q.repeatedSentences === 0 && q.seams.length === 0 && q.junk.length === 0 && q.cliches.length === 0
    && q.keyTermsMissing.length === 0 && r.repeatedTitles.length === 0;
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
  const markdown = ['Offline composer (variant 0):', '', qualityTable(composed), '',
    'Recorded model answers through the AI adapter:', '',
    '| answer | words (band) | planted | repeated sentences | seams | junk | key terms |', '|---|---|---|---|---|---|---|', ...lines].join('\n');
  const passed = composed.filter(meetsThresholds).length;
  const modelPassed = recorded.filter(meetsThresholds).length;
  const rows: BenchRow[] = [
    { name: `essay quality: composer drafts meeting every threshold (${composed.length} profiles)`, value: passed, unit: `of ${composed.length}`, budget: `${composed.length} of ${composed.length}`, pass: passed === composed.length },
    { name: `essay quality: recorded model answers meeting every threshold after the adapter (${recorded.length})`, value: modelPassed, unit: `of ${recorded.length}`, budget: `${recorded.length} of ${recorded.length}`, pass: modelPassed === recorded.length },
  ];
  return { rows, markdown };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, markdown } = await benchEssayQuality();
  console.log(`${markdown}\n\n${formatRows(rows)}`);
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
