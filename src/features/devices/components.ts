// The devices feature's pieces other pages show: the "Continue from another device" link (on the landing page
// and the questionnaire's first screen), which imports nothing of the pairing itself.
export { ContinueLink } from './ContinueLink.tsx';
