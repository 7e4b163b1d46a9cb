// The box as the questionnaire's first screen shows it (the landing page pre-renders SharedComputerField.tsx
// and makes it live with landing.ts, without the store).
export { SharedComputerCheckbox } from './SharedComputerCheckbox.tsx';
