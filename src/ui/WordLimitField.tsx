// The word limit a college asks for: a whole number in the range the product accepts, the hint saying which.
// Presentational: the caller keeps what is typed and decides what a valid limit changes.
import { SUPPLEMENTAL_MAX_WORDS, SUPPLEMENTAL_MIN_WORDS } from '../common/limits/limits.ts';
import { Field } from './Field.tsx';

/** "a whole number from 50 to 1000": what a word limit must be, for a field's messages. */
export const WORD_LIMIT_RANGE = `a whole number from ${SUPPLEMENTAL_MIN_WORDS} to ${SUPPLEMENTAL_MAX_WORDS}`;

export const isWordLimit = (value: number): boolean =>
  Number.isInteger(value) && value >= SUPPLEMENTAL_MIN_WORDS && value <= SUPPLEMENTAL_MAX_WORDS;

export interface WordLimitFieldProps {
  label: string;
  /** What is typed, kept as text so a limit being typed stays in the field. */
  value: string;
  error?: string | null;
  onChange: (text: string) => void;
  /** The range this field takes, when not the supplemental flow's (the coach takes shorter limits). */
  min?: number;
  max?: number;
}

export function WordLimitField({ label, value, error, onChange, min = SUPPLEMENTAL_MIN_WORDS, max = SUPPLEMENTAL_MAX_WORDS }: WordLimitFieldProps) {
  return (
    <Field
      label={label}
      hint={`A whole number from ${min} to ${max}, as the college asks.`}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
