// The coach's public face: its slice joins the store; CoachPage is lazy-loaded by the router and brings the
// analysis and the thunks with it, so neither is in the other pages' code.
export { coachSlice, coachEssayChanged } from './coachSlice.ts';
export type { CoachState, CoachRootState } from './coachSlice.ts';
