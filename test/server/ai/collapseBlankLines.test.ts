import { describe, expect, it } from 'vitest';
import { collapseBlankLines, singleBlankLines } from '../../../src/server/ai/sdk/adapter.ts';

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}

async function collect(source: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const part of source) text += part;
  return text;
}

describe('blank lines in a model essay', () => {
  it('makes every run of blank lines one, without the spaces around it', () => {
    expect(collapseBlankLines('a  \n \n\n\t\n  b')).toBe('a\n\nb');
    expect(collapseBlankLines('a\n\nb\n\n\n\nc')).toBe('a\n\nb\n\nc');
    expect(collapseBlankLines('  \n\nx')).toBe('\n\nx');
  });

  it('keeps single line breaks and the text around them as they are', () => {
    expect(collapseBlankLines('a\n   b')).toBe('a\n   b');
    expect(collapseBlankLines('one line')).toBe('one line');
  });

  it('collapses runs split across chunks and drops the whitespace after the last word', async () => {
    expect(await collect(singleBlankLines(chunks('First.  \n', ' \n\n', '\n  Second.', '\n\n\n')))).toBe('First.\n\nSecond.');
  });
});
