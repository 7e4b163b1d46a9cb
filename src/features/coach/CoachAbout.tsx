// What the coach is, said on its page: rules written by people, plus a model's questions when one is
// configured; no AI detection and no detector score; and what happens to a draft written here.
import type { CoachModel } from './coachSlice.ts';

export function CoachAbout({ model }: { model: CoachModel | null | undefined }) {
  return (
    <section className="coach-about" aria-labelledby="coach-about-title">
      <h2 id="coach-about-title">What the coach is</h2>
      <p>
        The coach is a set of rules written by people: it looks for stock phrases, claims a reader cannot see,
        feelings named instead of shown, missing reflection and paragraphs far from their share of the word limit.
        {model
          ? ` When you press "Ask the coach", a language model (${model.name}, from ${model.engine}) adds its own questions in the same form.`
          : ' No language model is set up here, so every question comes from those rules.'}
        {' '}It asks questions about your exact words; it never writes sentences for you, and it gives no score.
      </p>
      <p>The coach does not detect AI use and gives no AI-detector score.</p>
      <p>
        Your draft is used only for your own review. It is kept on this device and with the revisions you save,
        is sent to the model only when you press &quot;Ask the coach&quot; and one is set up, never goes to
        analytics, and is erased by &quot;Delete my data&quot; with everything else.
      </p>
    </section>
  );
}
