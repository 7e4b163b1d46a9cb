// /supplemental: the generation form, then the generated essays, newest first, each with Copy,
// Download (.txt) and Download as .docx, how it was made (the answers each paragraph came from), and the
// versions of its prompt (every essay generated for the same prompt and length), any of which can be restored. Free, limited per browser per day: the page says so, and how many are left once it knows.
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { COMPOSER_DISCLOSURE, SAMPLE_DISCLAIMER } from '../../common/essay/aiCopy.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { CopyButton, DownloadButton, buttonClassName } from '../../ui/index.ts';
import { supplementalEssayKey } from '../../client-core/essayVersions.ts';
import { CommentsPanelLater } from '../comments/index.ts';
import { DocxDownloadButton, EssayRecordPanelLater, EssayVersionListLater } from '../essay/components.ts';
import { SharePanelLater } from '../shares/index.ts';
import { SupplementalForm } from './SupplementalForm.tsx';
import './supplemental.css';
import {
  selectSupplementalEngine, selectSupplementalEssays, selectSupplementalQuota, selectSupplementalVersions, selectSupplementalVersionsLetGo,
  supplementalEssayCopied, supplementalEssayDownloaded, supplementalVersionRestored,
} from './supplementalSlice.ts';
import type { SupplementalEssay } from './supplementalSlice.ts';

const fileText = (essay: string): string => `${essay.trim()}\n\n---\n${SAMPLE_DISCLAIMER}\n`;

export default function SupplementalPage() {
  const essays = useAppSelector(selectSupplementalEssays);
  const quota = useAppSelector(selectSupplementalQuota);
  const engine = useAppSelector(selectSupplementalEngine);

  return (
    <section className="page supplemental-page" aria-labelledby="supplemental-title">
      <h1 id="supplemental-title">Generate Supplemental Essay</h1>
      <p>Supplemental essays answer a college&apos;s own prompt, at the length the college asks for.</p>
      <p className="page-hint">
        Supplemental essays are free, up to a daily limit on each browser.
        {quota && ` You can write ${quota.remaining} more today (of ${quota.limit}).`}
      </p>
      <SupplementalForm />
      {essays.length > 0 && (
        <section aria-labelledby="supplemental-list-title">
          <h2 id="supplemental-list-title">Your supplemental essays</h2>
          <p className="essay-disclaimer">{SAMPLE_DISCLAIMER}</p>
          {engine === 'offline' && <p className="essay-disclosure">{COMPOSER_DISCLOSURE}</p>}
          <ol className="essay-list">
            {essays.map((essay, index) => ({ essay, number: index + 1 })).reverse().map(({ essay, number }) => (
              // Essays are only ever appended, so a position is a stable key.
              <SupplementalEssayItem key={number} essay={essay} number={number} />
            ))}
          </ol>
        </section>
      )}
      <div className="page-actions">
        <Link to={paths.essayType} className={buttonClassName('secondary')}>Back to Common App Essay</Link>
        <Link to={paths.coach} className={buttonClassName('secondary')}>Write your own with the coach</Link>
      </div>
    </section>
  );
}

function SupplementalEssayItem({ essay, number }: { essay: SupplementalEssay; number: number }) {
  const dispatch = useAppDispatch();
  const engine = useAppSelector(selectSupplementalEngine);
  const versions = useAppSelector((state) => selectSupplementalVersions(state, essay));
  const letGo = useAppSelector((state) => selectSupplementalVersionsLetGo(state, essay));
  const made = versions.find((version) => version.text === essay.generatedEssay && version.paragraphs);
  const essayKey = supplementalEssayKey(essay.prompt, essay.wordCount);
  // The version shown is the kept version with the text on screen.
  const shown = versions.find((version) => version.text === essay.generatedEssay);
  const of = ` of essay ${number}`;
  return (
    <li className="essay-list__item" aria-labelledby={`supplemental-${number}`}>
      <h3 id={`supplemental-${number}`} className="essay-list__prompt">{essay.prompt}</h3>
      <p className="essay__count">
        <span className="visually-hidden">Word count: </span>
        {countWords(essay.generatedEssay)}/{essay.wordCount}
      </p>
      <p className="essay__paragraph">{essay.generatedEssay}</p>
      <CommentsPanelLater essayKey={essayKey} text={essay.generatedEssay} essayName={`essay ${number}`} />
      <div className="page-actions">
        <CopyButton text={essay.generatedEssay} label={`Copy essay ${number}`} onCopied={() => dispatch(supplementalEssayCopied())} />
        <DownloadButton
          filename={`supplemental-essay-${number}.txt`}
          text={fileText(essay.generatedEssay)}
          label={`Download essay ${number}`}
          onDownloaded={() => dispatch(supplementalEssayDownloaded({ format: 'txt' }))}
        />
        <DocxDownloadButton
          filename={`supplemental-essay-${number}.docx`}
          heading={essay.prompt}
          essay={essay.generatedEssay}
          label={`Download essay ${number} as .docx`}
          onDownloaded={() => dispatch(supplementalEssayDownloaded({ format: 'docx' }))}
        />
      </div>
      {made?.paragraphs && (
        <EssayRecordPanelLater
          record={{ generatedAt: made.at, paragraphs: made.paragraphs }}
          engine={engine}
          generated={made.text}
          current={essay.generatedEssay}
          idPrefix={`supplemental-${number}-`}
          headingLevel={4}
          of={of}
        />
      )}
      {(versions.length > 1 || letGo) && (
        <EssayVersionListLater
          versions={versions}
          current={essay.generatedEssay}
          onRestore={(id) => dispatch(supplementalVersionRestored(number - 1, id))}
          title={`Versions of essay ${number}`}
          titleId={`supplemental-${number}-versions`}
          headingLevel={4}
          of={of}
          letGo={letGo}
        />
      )}
      <SharePanelLater essayKey={essayKey} versionId={shown?.id ?? null} text={essay.generatedEssay} title={essay.prompt} essayName={`essay ${number}`} />
    </li>
  );
}
