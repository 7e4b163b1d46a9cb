// Step 1: full name and e-mail, both required; the e-mail message shows while typing and on blur.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { isValidEmail } from '../../common/contract/validation.ts';
import { Field } from '../../ui/index.ts';
import { emailChanged, fullNameChanged, selectEmail, selectFullName } from './wizardSlice.ts';

export const FULL_NAME_MESSAGE = 'Please enter your full name';

export function BasicInfoStep() {
  return (
    <>
      <p className="wizard-hint">
        Fields marked <span aria-hidden="true">*</span><span className="visually-hidden">with an asterisk</span> are
        required.
      </p>
      <FullNameField />
      <EmailField />
    </>
  );
}

function FullNameField() {
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectFullName);
  const [touched, setTouched] = useState(false);
  return (
    <Field
      label="Full name"
      required
      aria-required="true"
      type="text"
      autoComplete="name"
      error={touched && value.trim() === '' ? FULL_NAME_MESSAGE : null}
      value={value}
      onChange={(event) => dispatch(fullNameChanged(event.target.value))}
      onBlur={() => setTouched(true)}
    />
  );
}

function EmailField() {
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectEmail);
  const [touched, setTouched] = useState(false);
  // While typing: as soon as there is something that is not an address. On blur: also when left empty.
  const invalid = !isValidEmail(value) && (value !== '' || touched);
  return (
    <Field
      label="Email"
      required
      aria-required="true"
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      error={invalid ? MESSAGES.invalidEmail : null}
      value={value}
      onChange={(event) => dispatch(emailChanged(event.target.value))}
      onBlur={() => setTouched(true)}
    />
  );
}
