// Before and after generating: when the student's own writing is too thin for a 250-word personal statement,
// say so, and name what to add. The draft is built only from their words, so it is never padded to length.
import { useFormDocument } from '../../app/hooks.ts';
import { essayMaterial, materialIsShort } from '../../common/essay/essayMaterial.ts';
import { PERSONAL_STATEMENT_MIN_WORDS } from '../../common/limits/limits.ts';
import { Alert } from '../../ui/index.ts';

export type MaterialNoticeProps = { generated: boolean; essayWords: number };

export function MaterialNotice({ generated, essayWords }: MaterialNoticeProps) {
  const form = useFormDocument();
  const material = essayMaterial(form);
  // Before generating, the material tells, and only "may": below the threshold a draft from answers spread over
  // many questions can still reach the minimum. After, the draft itself does.
  const short = generated ? essayWords > 0 && essayWords < PERSONAL_STATEMENT_MIN_WORDS : materialIsShort(material);
  if (!short) return null;
  const lead = generated
    ? `This draft is shorter than the ${PERSONAL_STATEMENT_MIN_WORDS}-word minimum because your profile and answers hold about ${material.words} words of your own writing, and drafts are built from your words, never padded.`
    : `Your profile and answers hold about ${material.words} words of your own writing, so the draft may be shorter than the ${PERSONAL_STATEMENT_MIN_WORDS}-word minimum: drafts are built from your words, never padded.`;
  return (
    <Alert title="Your draft needs more of your own words">
      <p>{lead}</p>
      <p>To reach {PERSONAL_STATEMENT_MIN_WORDS} words, add:</p>
      <ul>{(material.toAdd.length > 0 ? material.toAdd : ['More detail to your follow-up answers']).map((item) => <li key={item}>{item}</li>)}</ul>
    </Alert>
  );
}
