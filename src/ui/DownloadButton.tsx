// Saves a text as a plain-text file (or, with saveFile, any file) with the given name, made in the browser (nothing is uploaded).
import { Button } from './Button.tsx';

export type DownloadButtonProps = {
  filename: string;
  text: string;
  label?: string;
  onDownloaded?: () => void;
  disabled?: boolean;
};

/** Saves a file made in the browser under the given name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DownloadButton({ filename, text, label = 'Download', onDownloaded, disabled }: DownloadButtonProps) {
  const download = () => {
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), filename);
    onDownloaded?.();
  };
  return <Button variant="secondary" disabled={disabled} onClick={download}>{label}</Button>;
}
