// Before and after generating: when the student's own writing is too thin for a 250-word personal statement,
// say so, and name what to add. The draft is built only from their words, so it is never padded to length.
import { useAppSelector } from '../../app/hooks.ts';
import { selectFormDocument } from '../../app/formDocument.ts';
import { essayMaterial, materialIsShort, PERSONAL_STATEMENT_MIN_WORDS } from '../../shared/essayMaterial.ts';
import { Alert } from '../../ui/index.ts';

export function MaterialNotice({ generated }: { generated: boolean }) {
  const form = useAppSelector(selectFormDocument);
  const material = essayMaterial(form);
  if (!materialIsShort(material)) return null;
  const lead = generated
    ? `This draft is shorter than the ${PERSONAL_STATEMENT_MIN_WORDS}-word minimum because your profile and answers hold about ${material.words} words of your own writing, and the draft uses only your words.`
    : `Your profile and answers hold about ${material.words} words of your own writing, so the draft will be shorter than the ${PERSONAL_STATEMENT_MIN_WORDS}-word minimum: it uses only your words, never filler.`;
  return (
    <Alert title="Your draft needs more of your own words">
      <p>{lead}</p>
      <p>To reach {PERSONAL_STATEMENT_MIN_WORDS} words, add:</p>
      <ul>{material.toAdd.map((item) => <li key={item}>{item}</li>)}</ul>
    </Alert>
  );
}
