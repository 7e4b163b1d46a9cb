// The discount feature's second public face, for the landing page only: the popup without the store, so the
// chunk the landing page loads when the popup opens holds no Redux code.
export { default as LandingPromoPopup } from './LandingPromoPopup.tsx';
