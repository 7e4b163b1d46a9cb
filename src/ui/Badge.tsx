// A small label, e.g. the Paid/Free plan badge of the header.
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'success' | 'accent';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>;
}
