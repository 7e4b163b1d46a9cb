// Ids the device makes for a college, a prompt or a story: 16 random hex digits (64 bits), short enough that a
// prompt's drafts can be kept under `prompt-<id>` and `coach-prompt-<id>` within the 40-character essay key.
export const newId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
