// /result: the essay, streamed in as it is written for a paid student (generated on arrival when
// there is none), editable in place, with Regenerate (paid only), Copy, Download (college-essay.txt), Download .docx
// (college-essay.docx, the prompt as its heading) and N/650.
// A free student sees the upgrade notice instead. Every view says the essay is a sample for reference.
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { selectIsPaid, selectPlanKnown } from '../../client-core/session.ts';
import { COMPOSER_DISCLOSURE, SAMPLE_DISCLAIMER } from '../../common/essay/aiCopy.ts';
import { PERSONAL_STATEMENT_MIN_WORDS } from '../../common/limits/limits.ts';
import { ALL_PROMPTS, promptNumberOf } from '../../common/essay/prompts.ts';
import { Alert, Button, CopyButton, DownloadButton, buttonClassName, useLoadedAfterShown } from '../../ui/index.ts';
import { selectSelectedTopic } from '../topics/index.ts';
import { CommentsPanelLater } from '../comments/index.ts';
import { SharePanelLater } from '../shares/index.ts';
import { DocxDownloadButton } from './DocxDownloadButton.tsx';
import { EssayEditor } from './EssayEditor.tsx';
import { EssayRecordPanelLater, EssayVersionsLater } from './belowTheEssay.tsx';
import type { RecordAppendix } from './essayRecord.ts';
import type { MaterialNoticeProps } from './MaterialNotice.tsx';
import { EssayText } from './EssayText.tsx';
import {
  essayCopied, essayDownloaded, selectEssayEdited, selectEssayEngine, selectEssayWordCount, selectEssayNotes, selectEssayVariant,
  selectEssayRecord, selectEssayVersions, selectGeneratedEssay, selectOriginalEssay,
} from './essaySlice.ts';
import { selectStreamingEssay } from './essayStreamSlice.ts';
import { useEssayGeneration } from './useEssayGeneration.ts';
import { useRecordAppendix } from './useRecordAppendix.ts';
import './essay.css';

/**
 * The free plan's notice and checkout panel: a paid student never sees them, so their code is fetched once the
 * plan is known to be free (and kept for the next visit to the page).
 */
let upgradeNotice: ComponentType | null = null;
const loadUpgradeNotice = async (): Promise<ComponentType> => {
  upgradeNotice = (await import('./UpgradeNotice.tsx')).UpgradeNotice;
  return upgradeNotice;
};

/**
 * The notice that the student's own writing is too thin for the minimum (MaterialNotice.tsx, with the count of
 * that writing): fetched only when it may show, before an essay is written or under a short one. A long enough
 * essay, the usual returning student's page, never needs it.
 */
let materialNotice: ComponentType<MaterialNoticeProps> | null = null;
const loadMaterialNotice = async (): Promise<ComponentType<MaterialNoticeProps>> => {
  materialNotice = (await import('./MaterialNotice.tsx')).MaterialNotice;
  return materialNotice;
};

export const ESSAY_FILENAME = 'college-essay.txt';
const DOCX_FILENAME = 'college-essay.docx';

/** The heading of the Word file: the Common App prompt's full text when the selection names one. */
const promptHeading = (prompt: string | undefined): string => {
  if (!prompt) return 'Common App Personal Statement';
  const number = promptNumberOf(prompt);
  return number ? ALL_PROMPTS[number] : prompt;
};

/**
 * The downloaded file says what the page says: the essay is a sample for reference. With the record asked for,
 * it closes with how the essay was made.
 */
export const downloadText = (essay: string, record?: RecordAppendix): string =>
  `${essay.trim()}\n\n${record ? `${record.title}\n${record.lines.join('\n')}\n\n` : ''}---\n${SAMPLE_DISCLAIMER}\n`;

export default function ResultPage() {
  const dispatch = useAppDispatch();
  const essay = useAppSelector(selectGeneratedEssay);
  const streaming = useAppSelector(selectStreamingEssay);
  const notes = useAppSelector(selectEssayNotes);
  const engine = useAppSelector(selectEssayEngine);
  const variant = useAppSelector(selectEssayVariant);
  const edited = useAppSelector(selectEssayEdited);
  const paid = useAppSelector(selectIsPaid);
  // Wait for whoami before telling a student they are on the free plan: a paid one must never see it.
  const showsFreeNotice = useAppSelector((state) => selectPlanKnown(state) && !selectIsPaid(state));
  const UpgradeNotice = useLoadedAfterShown(loadUpgradeNotice, showsFreeNotice, upgradeNotice);
  const { pending, error, generate } = useEssayGeneration();
  const hasEssay = essay.trim() !== '';
  const words = useAppSelector(selectEssayWordCount);
  const written = hasEssay && !pending;
  const MaterialNotice = useLoadedAfterShown(
    loadMaterialNotice, !written || (words > 0 && words < PERSONAL_STATEMENT_MIN_WORDS), materialNotice,
  );
  // Until the plan is known (and unless asking for it failed), a page without an essay shows only its title and
  // the disclaimer: the free notice and the checkout panel would otherwise appear above everything a moment later
  // and push the whole page down under the student's finger. A free student's notices count as pending until
  // their code is in.
  const planPending = useAppSelector((state) => !selectPlanKnown(state) && state.session.planStatus !== 'failed')
    || (showsFreeNotice && (!UpgradeNotice || (!written && !MaterialNotice)));
  const topic = useAppSelector(selectSelectedTopic);
  const record = useAppSelector(selectEssayRecord);
  const generated = useAppSelector(selectOriginalEssay);
  const [includeRecord, setIncludeRecord] = useState(false);
  // The version shown is the kept version with the text on screen; an edit not kept yet has none to share.
  const shownVersion = useAppSelector(selectEssayVersions).find((version) => version.text === essay);
  const recordInFile = useRecordAppendix(record && includeRecord ? record : null, engine, generated, essay);

  const regenerate = () => {
    // Edits are the student's own typing: never replaced without asking.
    if (edited && !window.confirm('Regenerating replaces your edited essay. Continue?')) return;
    generate(variant + 1);
  };

  // The disclaimer comes first in every view, the one waiting for the plan included: the pre-rendered page
  // paints it at once, and what the plan decides (the free notice, the essay) arrives below it without moving it.
  if (planPending && !hasEssay && !pending) {
    return (
      <section className="page" aria-labelledby="result-title">
        <h1 id="result-title">Your College Essay</h1>
        <p className="essay-disclaimer">{SAMPLE_DISCLAIMER}</p>
        <p role="status">Checking your plan…</p>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="result-title">
      <h1 id="result-title">Your College Essay</h1>
      <p className="essay-disclaimer">{SAMPLE_DISCLAIMER}</p>
      {showsFreeNotice && UpgradeNotice && <UpgradeNotice />}
      {error && <Alert tone="error">{error}</Alert>}
      {!written && MaterialNotice && <MaterialNotice generated={false} essayWords={words} />}
      {pending ? (
        <article className="essay" aria-busy="true" aria-labelledby="result-title">
          <p role="status" className="essay__count">Writing your essay…</p>
          <EssayText text={streaming} />
        </article>
      ) : hasEssay ? (
        <>
          <EssayEditor />
          {/* Beside the essay: nothing shows until a reader has commented on it. */}
          <CommentsPanelLater essayKey="personal" text={essay} />
        </>
      ) : (
        <p>Your essay will appear here once it has been generated.</p>
      )}
      {/* Under a written essay, with the other advice on the draft: arriving after the page, it moves nothing. */}
      {written && MaterialNotice && <MaterialNotice generated essayWords={words} />}
      {!pending && engine === 'offline' && hasEssay && <p className="essay-disclosure">{COMPOSER_DISCLOSURE}</p>}
      {!pending && notes.length > 0 && (
        <section aria-labelledby="notes-title" className="essay-notes">
          <h2 id="notes-title">What would make this draft stronger</h2>
          <ul>{notes.map((note) => <li key={note}>{note}</li>)}</ul>
        </section>
      )}
      {!pending && <EssayVersionsLater />}
      {!pending && hasEssay && record && (
        <EssayRecordPanelLater
          record={record} engine={engine} generated={generated} current={essay}
          includeInDownload={includeRecord} onIncludeChange={setIncludeRecord}
        />
      )}
      <div className="page-actions">
        {paid && <Button disabled={pending} onClick={regenerate}>Regenerate</Button>}
        <CopyButton text={essay} disabled={!hasEssay || pending} onCopied={() => dispatch(essayCopied())} />
        <DownloadButton
          filename={ESSAY_FILENAME}
          text={downloadText(essay, recordInFile)}
          disabled={!hasEssay || pending}
          onDownloaded={() => dispatch(essayDownloaded({ format: 'txt' }))}
        />
        <DocxDownloadButton
          filename={DOCX_FILENAME}
          heading={promptHeading(topic?.prompt)}
          essay={essay}
          appendix={recordInFile}
          disabled={!hasEssay || pending}
          onDownloaded={() => dispatch(essayDownloaded({ format: 'docx' }))}
        />
        <Link to={paths.followup} className={buttonClassName('secondary')}>Back to Follow-up</Link>
        <Link to={paths.supplemental} className={buttonClassName('secondary')}>Write Supplemental Essays</Link>
        <Link to={paths.coach} className={buttonClassName('secondary')}>Write your own with the coach</Link>
      </div>
      {/* Below the page's actions: arriving after the page, it moves nothing the student may be reaching for. */}
      {written && (
        <SharePanelLater essayKey="personal" versionId={shownVersion?.id ?? null} text={essay} title={promptHeading(topic?.prompt)} />
      )}
    </section>
  );
}
