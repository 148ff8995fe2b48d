import { expect, type Locator } from "@playwright/test";

// Text typed before hydration is replaced by the component's state.
export async function hydrated(element: Locator): Promise<Locator> {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))), {
      message: "the element is hydrated",
    })
    .toBe(true);
  return element;
}
