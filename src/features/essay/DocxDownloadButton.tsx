// "Download .docx": the essay as a Word document. The builder and the `docx` library are fetched on the click,
// never before, so the pages that show this button load no Word code until a student asks for the file.
import { useState } from 'react';
import { Button, saveFile } from '../../ui/index.ts';
import type { EssayDocxInput } from './essayDocx.ts';

export type DocxDownloadButtonProps = EssayDocxInput & {
  filename: string;
  label?: string;
  disabled?: boolean;
  onDownloaded?: () => void;
};

export function DocxDownloadButton({ filename, label = 'Download .docx', disabled, onDownloaded, ...input }: DocxDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { essayDocxBlob } = await import('./essayDocx.ts');
      saveFile(await essayDocxBlob(input), filename);
      onDownloaded?.();
    } catch {
      // Offline with the chunk not yet fetched, most likely: the .txt download still works.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={disabled || busy} aria-busy={busy} onClick={() => void download()}>{label}</Button>
      {failed && <span role="alert">The Word file could not be made (are you offline?). The .txt download still works.</span>}
    </>
  );
}
