// The header's menu on a phone: a disclosure button and the items it shows. The items stay mounted while
// the menu is closed (only hidden by CSS), so a dialog opened from one of them survives the menu closing.
// Escape or a press outside closes it; from 48rem up CSS shows the items in the row and hides the button.
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="header-menu" ref={wrapper}>
      <button
        ref={toggle}
        type="button"
        className="header-menu__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="header-menu__icon" aria-hidden="true" />
        <span className="header-menu__label">Menu</span>
      </button>
      <div id={id} className={open ? 'header-menu__items is-open' : 'header-menu__items'}>
        {children}
      </div>
    </div>
  );
}
