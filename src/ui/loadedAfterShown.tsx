// A component whose code is fetched once the page showing it has been committed, for what sits below a page's
// first screen: the page goes live without waiting for it (nor fetching it before the student can type), and
// it appears a moment later. If its code cannot be fetched (offline before the app is installed) it stays
// absent; the next mount asks again.
import { type ComponentType, useEffect, useState } from 'react';

export function loadedAfterShown<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  function LoadedAfterShown(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return undefined;
      let mounted = true;
      load().then((component) => {
        loaded = component;
        // A component is a function: wrapped, so React stores it rather than calling it as an update.
        if (mounted) setComponent(() => component);
      }, () => {});
      return () => {
        mounted = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  return LoadedAfterShown;
}
