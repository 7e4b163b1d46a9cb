// Keeps the session and plan fresh: when the tab regains focus or becomes visible (a purchase made in
// another tab shows as Paid) and when the connection comes back (a student who started offline gets a
// session without reloading).
import { useEffect } from 'react';
import { useAppDispatch } from '../hooks.ts';
import { connectSession } from '../session/index.ts';

export function useSessionRefresh(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const refresh = () => {
      void dispatch(connectSession());
    };
    const refreshWhenVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', refreshWhenVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', refreshWhenVisible);
    };
  }, [dispatch]);
}
