// The landing feature's public face: the app's router lazy-loads LandingPage for in-app navigation to '/',
// and gets the stylesheet with it. (The pre-rendered '/' has the stylesheet inline; see prerenderPages.ts.)
import './landing.css';

export { LandingPage } from './LandingPage.tsx';
