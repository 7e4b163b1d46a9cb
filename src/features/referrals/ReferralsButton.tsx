// The header's Referrals button: the programme is advertised as coming soon, so it opens a
// dialog saying so rather than a page the student cannot use yet.
import { useState } from 'react';
import { Button, Modal } from '../../ui/index.ts';
import { REFERRAL_REWARD_TEXT } from './referralCopy.ts';

export function ReferralsButton() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Referrals
      </Button>
      <Modal
        open={open}
        onClose={close}
        title="Coming Soon"
        actions={<Button onClick={close}>Close</Button>}
      >
        <p>Our referral programme is on its way. {REFERRAL_REWARD_TEXT}</p>
      </Modal>
    </>
  );
}
