// Whether the page is live: false while the app shows a page before the student's data is known (the route's
// pre-rendered frame, which it hydrates: src/app/AppProviders.tsx). Such a page is only to be seen: work it
// would start on arrival (a call to the server, code for what sits below the first screen) waits until it is
// live, and a guard may still send the student elsewhere by then. True outside the app's start-up gate.
import { createContext, useContext } from 'react';

export const PageLiveContext = createContext(true);

export const usePageLive = (): boolean => useContext(PageLiveContext);
