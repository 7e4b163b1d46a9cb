// What is not the student's prose in a text they typed: template leftovers, code, placeholders. The offline
// composer writes drafts without it, and the material count leaves it out, so the words counted are the words
// a draft can use.

/** Template leftovers, code and placeholders that must never reach a draft, whatever the student typed. */
const JUNK = /\{\{[^{}]*\}\}|\$\{[^${}]*\}|\[object \w+\]|<\/?[a-z][^<>]*>|\b(?:undefined|null|NaN)\b|[{}<>]|\S{41,}/gi;

/**
 * The student's text without junk: template braces, "[object Object]", markup, "undefined" and words longer
 * than any real word. What remains is their prose; a sentence left with no letters is dropped by the splitter.
 */
export function scrubJunk(text: string): string {
  // Where junk sat between two copies of a word ("Paulo undefined Paulo"), one copy goes with it.
  const marked = text.replace(JUNK, ' \uE000 ').replace(/(?<![\p{L}\p{N}'’])([\p{L}\p{N}'’]+)(?:\s+\uE000)+\s+\1(?![\p{L}\p{N}])/giu, '$1');
  // Whitespace is made single spaces first, so the patterns after it never rescan a long run of it.
  return marked.replace(/\uE000/g, ' ').replace(/\s+/g, ' ').replace(/ ([.,;:!?])/g, '$1').replace(/([.!?])(?: ?[.,;:])+/g, '$1').trim();
}

