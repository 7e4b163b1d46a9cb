// Where the floating feedback button mounts on every layout page (SPEC §2, feedback issue). It renders
// nothing until then, rather than a button that does nothing.
export function FeedbackSlot() {
  return null;
}
