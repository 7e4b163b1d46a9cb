// The discount's components (the checkout panel shows them): the components other features' pages show, apart from index.ts so that the app shell, which
// imports the feature's index.ts for its slice, does not load them with every page.
export { PromoButton } from './PromoButton.tsx';
export { DiscountCodeForm } from './DiscountCodeForm.tsx';
