// The box as other features' pages show it: pre-rendered on the landing page, live on the questionnaire's first
// screen. Kept out of index.ts so the app shell does not load them.
export { SharedComputerField } from './SharedComputerField.tsx';
export { SharedComputerCheckbox } from './SharedComputerCheckbox.tsx';
