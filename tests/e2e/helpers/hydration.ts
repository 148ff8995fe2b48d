import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated the element: text typed into a server-rendered input before that is
 * replaced by the component's state, which on a busy machine made a filled field arrive empty.
 */
export async function hydrated(element: Locator): Promise<Locator> {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))), {
      message: "the element is hydrated",
    })
    .toBe(true);
  return element;
}
