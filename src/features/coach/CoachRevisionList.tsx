// The revisions kept of the essay the draft is for, newest first: for a college planner prompt, every draft the
// planner counts as its own (kept under its id, and from before the planner under its earlier essay key).
import { readableTime } from '../../common/time/readableTime.ts';
import { countWords } from '../../common/text/wordCount.ts';
import type { EssayVersion } from '../../client-core/essayVersions.ts';

const SHOWN = 10;

export function CoachRevisionList({ revisions }: { revisions: readonly EssayVersion[] }) {
  if (revisions.length === 0) return null;
  const hidden = revisions.length - SHOWN;
  return (
    <section className="coach-revisions" aria-labelledby="coach-revisions-title">
      <h2 id="coach-revisions-title">Saved revisions of this essay</h2>
      <ul aria-label="Saved revisions">
        {revisions.slice(0, SHOWN).map((revision) => (
          <li key={revision.id}>{readableTime(revision.at, 'short')}: {countWords(revision.text)} words</li>
        ))}
      </ul>
      {hidden > 0 && <p>And {hidden} earlier {hidden === 1 ? 'revision' : 'revisions'}.</p>}
    </section>
  );
}
