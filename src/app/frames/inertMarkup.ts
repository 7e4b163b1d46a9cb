// Turns a page's markup into a picture of it that nothing can be typed into or clicked: used at build time for
// the routes' frames (frameMarkup.ts) and in the browser for the pictures of pages as the student left them
// (pagePicture.ts). Both are replaced by the live page once the student's data is read, so anything typed
// into them would be lost.

const CONTROL = /<(input|textarea|select|button)\b([^>]*)>/gi;
const FIELD = /^(?:input|textarea|select)$/i;
const LINK = /<a\b([^>]*)>/gi;
const LABEL = /<label\b([^>]*)>/gi;
/** An attribute by its whole name, with its value if it has one. */
const attributesNamed = (names: string[]): RegExp => new RegExp(`\\s(?:${names.join('|')})(?:="[^"]*")?(?=[\\s/>]|$)`, 'g');
const CONTROL_DROPPED = attributesNamed(['disabled', 'autofocus']);
const FIELD_DROPPED = attributesNamed(['disabled', 'autofocus', 'id', 'aria-label', 'aria-labelledby']);

/**
 * Disables every control and turns every link into plain text, keeping the markup's size and look. The
 * fields also lose their labels' link to them (the label's `for`, the field's id and accessible name): a
 * field that is only a picture of the one to come is then not offered as "Full name" to a screen reader or
 * to anything that looks fields up by their label, so nothing is typed into it before the real one is there.
 * The patterns stop at the tag's end and never backtrack across it, so the pass is linear in the markup.
 */
export function inertMarkup(markup: string): string {
  return markup
    .replace(CONTROL, (_tag, name: string, attributes: string) => {
      const selfClosing = /\/\s*$/.test(attributes);
      const kept = attributes.replace(/\/\s*$/, '')
        .replace(FIELD.test(name) ? FIELD_DROPPED : CONTROL_DROPPED, '');
      return `<${name}${kept} disabled=""${selfClosing ? '/' : ''}>`;
    })
    .replace(LABEL, (_tag, attributes: string) => `<label${attributes.replace(/\sfor="[^"]*"/g, '')}>`)
    .replace(LINK, (_tag, attributes: string) => `<a${attributes.replace(/\s(?:href|tabindex)="[^"]*"/g, '')}>`);
}
