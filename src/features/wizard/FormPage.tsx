// /form: the five-step questionnaire (SPEC §2). Lazy-loaded by the router.
export default function FormPage() {
  return (
    <section aria-labelledby="wizard-title">
      <h1 id="wizard-title">Tell us about yourself</h1>
    </section>
  );
}
