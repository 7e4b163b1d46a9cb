// Whether this render is React hydrating server-rendered markup (a route's pre-rendered frame) or rendering it
// on the server: such a render must give exactly the frame's markup, so it cannot read what only the browser
// knows (localStorage, the address's query). React renders again at once after hydrating, with `false`.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export const useHydrating = (): boolean => useSyncExternalStore(subscribe, () => false, () => true);
