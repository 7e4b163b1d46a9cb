// Code fetched once the page showing it is live, for what sits below a page's first screen: the page goes live
// without waiting for it (nor fetching it before the student can type), and it appears a moment later. If the
// code cannot be fetched (offline before the app is installed) nothing appears; the next mount asks again.
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { usePageLive } from './pageLive.ts';

/**
 * What `load` resolves to, asked for after the first commit in which `wanted` holds and the page is live; null
 * until it has arrived (or when it could not). `load` must be the same function from render to render (declared
 * at module level); `loaded` is what an earlier mount already has, shown from the first render.
 */
export function useLoadedAfterShown<T>(load: () => Promise<T>, wanted = true, loaded: T | null = null): T | null {
  const live = usePageLive();
  // Kept in a box: a loaded function (a component, a formatter) would otherwise be taken for an updater.
  const [box, setBox] = useState<{ value: T } | null>(() => (loaded === null ? null : { value: loaded }));
  useEffect(() => {
    if (box || !wanted || !live) return undefined;
    let mounted = true;
    load().then((value) => {
      // A transition: what arrives below the first screen is never urgent, so React renders it in slices that
      // give the browser its turn (input, paint) between them instead of one long task, and a part of it that
      // suspends never swaps what the page already shows for a fallback.
      if (mounted) startTransition(() => setBox({ value }));
    }, () => {});
    return () => {
      mounted = false;
    };
  }, [box, wanted, live, load]);
  return box ? box.value : null;
}

/** A component rendered once its code, fetched after the page around it is committed, has arrived. */
export function loadedAfterShown<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () => load().then((component) => {
    loaded = component;
    return component;
  });
  function LoadedAfterShown(props: P) {
    const Component = useLoadedAfterShown(loadAndKeep, true, loaded);
    return Component ? <Component {...props} /> : null;
  }
  return LoadedAfterShown;
}
