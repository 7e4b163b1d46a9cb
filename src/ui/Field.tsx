// A labelled text input or text area with an optional hint and error. The error is tied to the control
// (aria-describedby, aria-invalid) and announced when it appears (role="alert").
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type FrameProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the label with * (SPEC §2) and sets `required` on the control. */
  required?: boolean;
};

export type FieldProps = FrameProps & Omit<ComponentPropsWithRef<'input'>, 'id'>;
export type TextAreaFieldProps = FrameProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

const useFieldIds = (hint: ReactNode, error: string | null | undefined) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
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

export function Field({ label, hint, error, required, className, ...inputProps }: FieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required}>
      <input
        id={ids.id}
        className={['ui-field__control', className].filter(Boolean).join(' ')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, hint, error, required, className, ...textareaProps }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={ids.id}
        className={['ui-field__control', 'ui-field__control--multiline', className].filter(Boolean).join(' ')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textareaProps}
      />
    </FieldFrame>
  );
}
