// A button that posts an empty form to `action` in a new tab, for a call that changes something on the server
// and answers with a page (or a redirect to one). Being a POST, the server's Origin check guards it, which no
// link can be; being a plain form, it works before (and without) any JavaScript. The form takes no box of its
// own (`new-tab-post`: display: contents), so the button sits where a link would, styled by `className`.
import type { MouseEventHandler, ReactNode } from 'react';

export interface NewTabPostButtonProps {
  action: string;
  className?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  children: ReactNode;
}

export function NewTabPostButton({ action, className, onClick, children }: NewTabPostButtonProps) {
  return (
    <form method="post" action={action} target="_blank" rel="noopener" className="new-tab-post">
      <button type="submit" className={className} onClick={onClick}>
        {children}
      </button>
    </form>
  );
}
