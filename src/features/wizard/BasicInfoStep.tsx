// Step 1: full name and e-mail, both required; the e-mail message shows while typing and on blur (SPEC §5).
import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { isValidEmail } from '../../shared/validation.ts';
import { RequiredMark } from './fields.tsx';
import { emailChanged, fullNameChanged, selectEmail, selectFullName } from './wizardSlice.ts';

export const FULL_NAME_MESSAGE = 'Please enter your full name';

export function BasicInfoStep() {
  return (
    <>
      <p className="wizard-hint">
        Fields marked <span aria-hidden="true">*</span><span className="wizard-sr-only">with an asterisk</span> are
        required.
      </p>
      <FullNameField />
      <EmailField />
    </>
  );
}

function FullNameField() {
  const id = useId();
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectFullName);
  const [touched, setTouched] = useState(false);
  const error = touched && value.trim() === '' ? FULL_NAME_MESSAGE : null;
  return (
    <div className="wizard-field">
      <label htmlFor={id}>Full name<RequiredMark /></label>
      <input
        id={id}
        type="text"
        autoComplete="name"
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => dispatch(fullNameChanged(event.target.value))}
        onBlur={() => setTouched(true)}
      />
      {error && <p id={`${id}-error`} className="wizard-error" role="alert">{error}</p>}
    </div>
  );
}

function EmailField() {
  const id = useId();
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectEmail);
  const [touched, setTouched] = useState(false);
  // While typing: as soon as there is something that is not an address. On blur: also when left empty.
  const error = !isValidEmail(value) && (value !== '' || touched) ? MESSAGES.invalidEmail : null;
  return (
    <div className="wizard-field">
      <label htmlFor={id}>Email<RequiredMark /></label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => dispatch(emailChanged(event.target.value))}
        onBlur={() => setTouched(true)}
      />
      {error && <p id={`${id}-error`} className="wizard-error" role="alert">{error}</p>}
    </div>
  );
}
