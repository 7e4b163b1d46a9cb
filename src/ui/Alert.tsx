// A message box. Errors interrupt (role="alert"); everything else is announced politely (role="status").
import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

export type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
};

export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['ui-alert', `ui-alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      {title && <p className="ui-alert__title">{title}</p>}
      <div className="ui-alert__body">{children}</div>
    </div>
  );
}
