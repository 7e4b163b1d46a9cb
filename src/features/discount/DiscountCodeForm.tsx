// The checkout panel's discount code: forced to upper case as typed; empty or malformed codes are caught
// before any call, the server validates the rest. Applied locks the input; editing it takes the code off.
// A code this browser received in the last 30 days is filled in and applied by itself. All of it is the
// discount slice's: this form only dispatches and selects.
import { type FormEvent, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert, Button, Field, usePageLive } from '../../ui/index.ts';
import {
  codeTyped, reuseSavedCode, selectDiscountError, selectDiscountInput, selectDiscountStatus, validateDiscountCode,
} from './discountSlice.ts';

export function DiscountCodeForm({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const code = useAppSelector(selectDiscountInput);
  const status = useAppSelector(selectDiscountStatus);
  const error = useAppSelector(selectDiscountError);
  const applied = status === 'applied';
  const live = usePageLive();

  // Once per page load, on arrival, once the student's data (their e-mail) is known: later edits are the
  // student's own (the thunk's condition keeps it to one).
  useEffect(() => {
    if (live) void dispatch(reuseSavedCode({ email }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, live]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(validateDiscountCode({ code, email }));
  };

  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      <Field
        label="Discount code"
        value={code}
        readOnly={applied}
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => dispatch(codeTyped(event.target.value))}
      />
      <Button type="submit" variant="secondary" disabled={applied || status === 'checking'}>{applied ? 'Applied' : 'Apply'}</Button>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
