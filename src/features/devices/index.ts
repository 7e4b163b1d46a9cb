// The devices feature's public face: the panel "Your data" shows.
export { DevicesPanel } from './DevicesPanel.tsx';
