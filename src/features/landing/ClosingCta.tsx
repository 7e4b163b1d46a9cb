export function ClosingCta() {
  return (
    <section className="closing" aria-labelledby="closing-title">
      <div className="container closing-inner">
        <h2 id="closing-title">Ready to tell your story?</h2>
        <p>Answer a few questions today and see your ideas take shape as a sample essay.</p>
        <a className="button button-light" href="/form">
          Write My Essay
        </a>
      </div>
    </section>
  );
}
