// The browser's next idle moment: where work that must not compete with the page (code fetched after it is
// live, a tag manager) starts.

/**
 * Resolves when the main thread is next idle, or after `timeoutMs` at the latest: a busy page may never be idle.
 * Where there is no requestIdleCallback (Safari), in the next task.
 */
export const nextIdle = (timeoutMs = 1000): Promise<void> => new Promise((resolve) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
  else setTimeout(resolve, 0);
});
