// Copies a text to the clipboard and says so (politely, for screen readers too) next to the button.
import { useState } from 'react';
import { Button } from './Button.tsx';

export type CopyButtonProps = { text: string; label?: string; onCopied?: () => void; disabled?: boolean };

export function CopyButton({ text, label = 'Copy', onCopied, disabled }: CopyButtonProps) {
  const [result, setResult] = useState<string>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setResult('Copied to clipboard.');
      onCopied?.();
    } catch {
      setResult('Copying is blocked in this browser: select the text and copy it yourself.');
    }
  };
  return (
    <span className="ui-action">
      <Button variant="secondary" disabled={disabled} onClick={() => void copy()}>{label}</Button>
      <span role="status" className="ui-action__result">{result}</span>
    </span>
  );
}
