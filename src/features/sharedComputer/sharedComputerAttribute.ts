// What marks the box in the page, shared by its markup and the landing page's plain script.
export const SHARED_COMPUTER_ATTRIBUTE = 'data-shared-computer';
