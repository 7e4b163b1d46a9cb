// An essay shown as plain text, paragraph by paragraph: React text nodes only, never HTML.
export function EssayText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '').map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order never changes while shown.
        <p key={index} className="essay__paragraph">{paragraph}</p>
      ))}
    </>
  );
}
