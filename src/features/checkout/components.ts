// The checkout panel (the result page's upgrade notice shows it): the components other features' pages show, apart from index.ts so that the app shell, which
// imports the feature's index.ts for its slice, does not load them with every page.
export { CheckoutPanel } from './CheckoutPanel.tsx';
