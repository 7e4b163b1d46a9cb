// "This is a shared computer" on the questionnaire's first screen: moves the device copy into this tab, erases
// what the browser kept elsewhere, and tells the server, which then ends the session after 30 minutes idle.
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert } from '../../ui/index.ts';
import { SharedComputerField } from './SharedComputerField.tsx';
import { selectSharedComputerRequests } from './sharedComputerSlice.ts';
import { switchSharedComputer } from './sharedComputerThunks.ts';
import { useSharedComputer } from './useSharedComputer.ts';
import './sharedComputer.css';

export function SharedComputerCheckbox() {
  const dispatch = useAppDispatch();
  const shared = useSharedComputer();
  const requests = useAppSelector(selectSharedComputerRequests);
  const id = useId();
  return (
    <>
      <SharedComputerField
        id={id}
        checked={shared}
        disabled={requests.switch.status === 'pending'}
        onChange={(event) => void dispatch(switchSharedComputer(event.target.checked))}
      />
      {requests.switch.error && <Alert tone="error">{requests.switch.error}</Alert>}
      {requests.mark.error && <Alert tone="error">{requests.mark.error}</Alert>}
    </>
  );
}
