// The essay step's shared components (the supplemental page shows them too): the components other features' pages show, apart from index.ts so that the app shell, which
// imports the feature's index.ts for its slice, does not load them with every page.
export { EssayRecordPanelLater, EssayVersionListLater } from './belowTheEssay.tsx';
export { DocxDownloadButton } from './DocxDownloadButton.tsx';
