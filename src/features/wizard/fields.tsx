// Small accessible building blocks the wizard's steps share, styled like src/ui's Field.
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import type { WizardRootState } from './wizardSlice.ts';

type CheckboxGroupProps = {
  legend: string;
  required?: boolean;
  description?: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onToggle: (value: string) => void;
};

export function CheckboxGroup({ legend, required, description, options, selected, onToggle }: CheckboxGroupProps) {
  const id = useId();
  return (
    <fieldset className="wizard-group" aria-describedby={description ? `${id}-desc` : undefined}>
      <legend>
        {legend}
        {required && <span className="ui-field__required" aria-hidden="true"> *</span>}
      </legend>
      {description && <p id={`${id}-desc`} className="ui-field__hint">{description}</p>}
      <div className="wizard-options">
        {options.map((option) => (
          <label key={option.value} className="wizard-option">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={() => onToggle(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A CheckboxGroup over a list the store holds: `select` reads it, `toggle` is the action for one value. */
export function StoredCheckboxGroup({ select, toggle, ...group }: Omit<CheckboxGroupProps, 'selected' | 'onToggle'> & {
  select: (state: WizardRootState) => readonly string[];
  toggle: (value: string) => UnknownAction;
}) {
  const dispatch = useAppDispatch();
  return <CheckboxGroup {...group} selected={useAppSelector(select)} onToggle={(value) => dispatch(toggle(value))} />;
}

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: string;
  required?: boolean;
  children: ReactNode;
};

/** A labelled select; `required` shows the * and sets aria-required (a select has no "empty" to validate). */
export function SelectField({ label, required, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true" className="ui-field__required"> *</span>}
      </label>
      <select id={id} className="ui-field__control" aria-required={required || undefined} {...selectProps}>
        {children}
      </select>
    </div>
  );
}

/** "N/limit" under a text box; the box names it with aria-describedby. */
export function CharCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  return (
    <p id={id} className="wizard-count">
      <span aria-hidden="true">{length}/{limit}</span>
      <span className="visually-hidden">{`${length} of ${limit} characters`}</span>
    </p>
  );
}
