// The essay as a Word document, made in the browser. This module and the `docx` library it carries are
// loaded only when a student asks for a .docx (ResultPage and SupplementalPage import it dynamically), so
// no other page pays for them, and the service worker leaves the chunk out of its precache.
import { AlignmentType, Document, Footer, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { SAMPLE_DISCLAIMER } from '../../common/essay/aiCopy.ts';
import { essayParagraphs } from '../../common/essay/essaySources.ts';

export type EssayDocxInput = {
  /** The prompt the essay answers, shown as the document's heading. */
  heading: string;
  /** The essay's text, paragraphs separated by a blank line. */
  essay: string;
  /** Optional closing section (e.g. how the essay was made), one line per paragraph. */
  appendix?: { title: string; lines: string[] };
};

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Builds the document: the prompt as a heading, the essay's paragraphs, and on every page the sample notice. */
function essayDocument({ heading, essay, appendix }: EssayDocxInput): Document {
  const body = essayParagraphs(essay).map((text) => new Paragraph({ children: [new TextRun(text)], spacing: { after: 200 } }));
  const extra = appendix
    ? [
      new Paragraph({ text: appendix.title, heading: HeadingLevel.HEADING_2 }),
      ...appendix.lines.map((line) => new Paragraph({ text: line })),
    ]
    : [];
  return new Document({
    creator: 'Essay Studio',
    title: heading,
    description: SAMPLE_DISCLAIMER,
    sections: [{
      footers: {
        default: new Footer({
          children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: SAMPLE_DISCLAIMER, italics: true, size: 18 })] })],
        }),
      },
      children: [new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }), ...body, ...extra],
    }],
  });
}

/** The .docx file as a Blob, ready to be saved. */
export const essayDocxBlob = async (input: EssayDocxInput): Promise<Blob> => {
  const bytes = await Packer.toArrayBuffer(essayDocument(input));
  return new Blob([bytes], { type: DOCX_MIME });
};
