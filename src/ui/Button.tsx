// Buttons in three weights. `buttonClassName` lets a link look like a button while staying a link.
import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export const buttonClassName = (variant: ButtonVariant = 'primary', className?: string): string =>
  ['ui-button', `ui-button--${variant}`, className].filter(Boolean).join(' ');

export type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  // type="button" by default: a button inside a form must never submit it by accident.
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
