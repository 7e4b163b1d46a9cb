// Copy about where an essay comes from, shown by the pages and written by the server, so both say the same.

/** The line the essay pages show beside a draft from the offline composer. */
export const COMPOSER_DISCLOSURE =
  'This draft was assembled from your own answers by Essay Studio’s offline composer, not written by an AI model. ' +
  'Use it as a sample for reference and rewrite it in your own words.';

/** The essay is a sample for reference, not for submission: every essay view and download says so plainly. */
export const SAMPLE_DISCLAIMER =
  'This essay is a sample for reference only. Do not submit it as your own work: use it to plan and write your essay in your own words.';
