// A prompt as the student pastes it from a college's page, made safe to store and show: the college's words,
// paragraphs and list lines kept; what a page or a copy carries unseen (direction overrides that reorder the text
// around it, zero-width padding, stray control characters) dropped. Prompts are not one-line text: their line
// breaks are part of them, so the one-line rule (src/common/text/oneLine.ts) does not apply.

// Each pattern matches one code point at a time, so each replacement is linear.
/**
 * What Unicode says a renderer may show as nothing (Default_Ignorable_Code_Point): directional marks, embeddings,
 * overrides and isolates, zero-width spaces and joiners, word joiners, byte-order marks, soft hyphens, blank fillers.
 * Variation selectors are among them and are kept: they choose how the character before them is drawn.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}]/gu;
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
/** Control characters but the line feed and the tab (a tab becomes a space: it separates words). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;
const LINE_ENDING = /\r\n?|\u2028/gu;

/**
 * The prompt as stored: NFC; Windows and old Mac line endings and Unicode line separators become line feeds, a
 * paragraph separator a blank line; tabs become spaces; other control characters and invisible characters
 * removed; spaces at the end of each line trimmed; blank lines in a row kept as one (the paragraph break); blank
 * lines at either end dropped. Lines keep their leading spaces and markers, so list lines stay list lines.
 */
export function cleanPromptText(text: string): string {
  const cleaned = text.normalize('NFC')
    .replace(LINE_ENDING, '\n')
    .replaceAll('\u2029', '\n\n')
    .replaceAll('\t', ' ')
    .replace(CONTROL, '')
    .replace(INVISIBLE, (char) => (VARIATION_SELECTOR.test(char) ? char : ''));
  const lines: string[] = [];
  for (const line of cleaned.split('\n')) {
    const kept = line.trimEnd();
    // One blank line between paragraphs, none before the first line.
    if (kept === '' && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(kept);
  }
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}
