// The box as the questionnaire's first screen shows it (the landing page's comes from landing.ts, without the
// store or any stylesheet import, which its pre-render in Node could not load).
export { SharedComputerCheckbox } from './SharedComputerCheckbox.tsx';
