/**
 * After a failed submit, moves keyboard focus to the first faulty field inside `root` (a form or any
 * container): the first element, in document order, marked `aria-invalid="true"`, and scrolls it into
 * view. Field errors are usually rendered by the state update of the failed submit itself, so the
 * lookup waits for the next animation frame (after React has committed) unless `immediate` is set.
 * Returns the focused element (or null) through the promise, for callers that want to know.
 */
export function focusFirstError(root: HTMLElement | null | undefined, options: { immediate?: boolean } = {}): Promise<HTMLElement | null> {
  const run = (): HTMLElement | null => {
    if (!root) return null;
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return null;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "center", behavior: "auto" });
    return field;
  };
  if (options.immediate || typeof window === "undefined" || typeof window.requestAnimationFrame !== "function") {
    return Promise.resolve(run());
  }
  return new Promise((resolve) => window.requestAnimationFrame(() => resolve(run())));
}
