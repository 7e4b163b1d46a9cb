// A pasted prompt made safe to store: what is removed, what is turned into what, and what is kept as the college wrote it.
import { describe, expect, it } from 'vitest';
import { cleanPromptText } from '../../../src/common/collegePlan/promptText.ts';

const hex = (text: string): string[] => [...text].map((char) => (char.codePointAt(0) ?? 0).toString(16));

describe('cleanPromptText', () => {
  it('keeps an ordinary prompt as it is', () => {
    const prompt = 'What is it about Yale that has led you to apply?';
    expect(cleanPromptText(prompt)).toBe(prompt);
  });

  it('composes to NFC', () => {
    expect(hex(cleanPromptText('Why Universite\u0301?'))).toEqual(hex('Why Universit\u00e9?'));
  });

  it('keeps paragraph breaks and list lines, one blank line between paragraphs', () => {
    const prompt = 'Choose one of the following:\n\n\n\n- a community\n  • a place\n1. a person\n\nAnswer in full.';
    expect(cleanPromptText(prompt)).toBe('Choose one of the following:\n\n- a community\n  • a place\n1. a person\n\nAnswer in full.');
  });

  it('turns other line endings and separators into line feeds', () => {
    expect(cleanPromptText('One\r\nTwo\rThree\u2028Four\u2029Five')).toBe('One\nTwo\nThree\nFour\n\nFive');
  });

  it.each([
    ['a right-to-left override', 'Why\u202e us?'],
    ['a left-to-right isolate and its end', 'Why\u2066 us\u2069?'],
    ['a right-to-left mark', 'Why\u200f us?'],
    ['a zero-width space', 'Why\u200b us?'],
    ['a zero-width joiner', 'Why\u200d us?'],
    ['a zero-width non-joiner', 'Why\u200c us?'],
    ['a word joiner', 'Why\u2060 us?'],
    ['a byte-order mark', '\ufeffWhy us?'],
    ['a soft hyphen', 'Why\u00ad us?'],
    ['NUL', 'Why\u0000 us?'],
    ['a bell', 'Why\u0007 us?'],
    ['an escape (terminal colours)', 'Why\u001b us?'],
    ['DEL', 'Why\u007f us?'],
    ['a C1 control', 'Why\u009b us?'],
  ])('removes %s', (_name, text) => {
    expect(cleanPromptText(text)).toBe('Why us?');
  });

  it('turns a tab into a space, so the words it separated stay apart', () => {
    expect(cleanPromptText('Why\tus?')).toBe('Why us?');
  });

  it('keeps a variation selector, which chooses how an emoji is drawn', () => {
    expect(hex(cleanPromptText('Share a ❤\ufe0f moment'))).toEqual(hex('Share a ❤\ufe0f moment'));
  });

  it('trims spaces at line ends and blank lines at either end, keeping a line\'s leading spaces', () => {
    expect(cleanPromptText('\n \n  Why us?   \n   - a list line  \n\n\n')).toBe('  Why us?\n   - a list line');
  });

  it('leaves nothing of a prompt made only of invisible characters and blank lines', () => {
    expect(cleanPromptText('\u200b\n\u202e \r\n\t')).toBe('');
  });
});
