// A labelled text input or text area with an optional hint and error. The error is tied to the control
// (aria-describedby, aria-invalid) and announced when it appears (role="alert"). What is typed or pasted
// reaches the caller cleaned: no NUL and no half of an emoji, which no database would store.
import { useId } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { cleanText } from '../common/text/codePoints.ts';

type FrameProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the label with * and sets `required` on the control. */
  required?: boolean;
};

export type FieldProps = FrameProps & Omit<ComponentPropsWithRef<'input'>, 'id'>;
export type TextAreaFieldProps = FrameProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** Cleans the control's value in place before the caller's onChange reads it. */
const cleaned = <E extends HTMLInputElement | HTMLTextAreaElement>(onChange?: (event: ChangeEvent<E>) => void) =>
  onChange && ((event: ChangeEvent<E>) => {
    const clean = cleanText(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    onChange(event);
  });

/** The frame's ids, and the attributes that tie the control to its label, hint and error. */
const useFieldIds = (hint: ReactNode, error: string | null | undefined, required: boolean | undefined) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, control: { id, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
};

function FieldFrame({ id, label, hint, hintId, error, errorId, required, children }: FrameProps & {
  id: string; hintId?: string; errorId?: string; children: ReactNode;
}) {
  return (
    <div className={error ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true" className="ui-field__required"> *</span>}
      </label>
      {hint && <p id={hintId} className="ui-field__hint">{hint}</p>}
      {children}
      {error && <p id={errorId} className="ui-field__error" role="alert">{error}</p>}
    </div>
  );
}

export function Field({ label, hint, error, required, className, onChange, ...inputProps }: FieldProps) {
  const ids = useFieldIds(hint, error, required);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required}>
      <input
        {...ids.control}
        className={['ui-field__control', className].filter(Boolean).join(' ')}
        {...inputProps}
        onChange={cleaned(onChange)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, required, className, onChange, ...textareaProps }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error, required);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required}>
      <textarea
        {...ids.control}
        className={['ui-field__control', 'ui-field__control--multiline', className].filter(Boolean).join(' ')}
        {...textareaProps}
        onChange={cleaned(onChange)}
      />
    </FieldFrame>
  );
}
