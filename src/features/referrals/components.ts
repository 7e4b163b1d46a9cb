// The referral credits' form (the checkout panel shows it): the components other features' pages show, apart from index.ts so that the app shell, which
// imports the feature's index.ts for its slice, does not load them with every page.
export { CreditsForm } from './CreditsForm.tsx';
