// Saves a text as a plain-text file with the given name, made in the browser (nothing is uploaded).
import { Button } from './Button.tsx';

export type DownloadButtonProps = {
  filename: string;
  text: string;
  label?: string;
  onDownloaded?: () => void;
  disabled?: boolean;
};

export function DownloadButton({ filename, text, label = 'Download', onDownloaded, disabled }: DownloadButtonProps) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked a moment later: some browsers start the download after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    onDownloaded?.();
  };
  return <Button variant="secondary" disabled={disabled} onClick={download}>{label}</Button>;
}
