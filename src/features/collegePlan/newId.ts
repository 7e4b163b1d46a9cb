// Ids the device makes for a college, a prompt or a story: random, and safe in an essay key and a URL.
export const newId = (): string => crypto.randomUUID();
