// The discount feature's second public face, for the landing page only: the popup without the store, so the
// chunk the landing page loads when the popup opens holds no Redux code; and the typed client that chunk
// already holds, through which the landing page (which has no store) sends its own events.
export { default as LandingPromoPopup } from './LandingPromoPopup.tsx';
export { apiRequest, endpoints } from '../../api/index.ts';
