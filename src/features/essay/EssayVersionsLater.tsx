// The version lists load once the page they sit on has been shown: they come below the essay, nothing of the
// page's first screen, and their chunk (the list, the word diff) would otherwise be fetched before the
// student can type. Until it is here (or if it cannot be fetched, offline before the app is installed) the
// list is simply absent; the versions themselves are in the store and the device copy all along.
import { useEffect, useState } from 'react';
import type * as VersionsExports from './EssayVersions.tsx';
import type { EssayVersionListProps } from './EssayVersions.tsx';

type VersionsModule = typeof VersionsExports;

let loaded: VersionsModule | null = null;

function useVersionsModule(): VersionsModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return undefined;
    let mounted = true;
    import('./EssayVersions.tsx').then((versions) => {
      loaded = versions;
      if (mounted) setModule(versions);
    }, () => {
      // Left out; the next page that shows versions asks again.
    });
    return () => {
      mounted = false;
    };
  }, [module]);
  return module;
}

/** The essay's versions on /result (EssayVersions), once loaded. */
export function EssayVersionsLater() {
  const versions = useVersionsModule();
  return versions ? <versions.EssayVersions /> : null;
}

/** One essay's version list (EssayVersionList), once loaded. */
export function EssayVersionListLater(props: EssayVersionListProps) {
  const versions = useVersionsModule();
  return versions ? <versions.EssayVersionList {...props} /> : null;
}
