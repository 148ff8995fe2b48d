/** Waits for the next animation frame (after React has committed the errors) unless `immediate` is set. Fields in hidden panels (inactive tabs) are skipped. */
export function focusFirstError(root: HTMLElement | null | undefined, options: { immediate?: boolean } = {}): Promise<HTMLElement | null> {
  const run = (): HTMLElement | null => {
    if (!root) return null;
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]:not([hidden] *)');
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
