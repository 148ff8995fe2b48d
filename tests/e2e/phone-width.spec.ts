import { expect, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };

test("on a phone the folded step list names the current step; from 640 px on all steps are listed", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const compact = page.getByTestId("editor-steps-compact");
  await expect(compact).toHaveText(/^Step 1 of 6: Upload and crop$/);
  await expect(compact).toBeInViewport();
  const choose = page.locator("label", { has: page.getByTestId("photo-input") });
  const box = await choose.boundingBox();
  expect(box && box.y + box.height).toBeLessThan(PHONE.height * 1.5);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(compact).toBeHidden();
  await expect(page.getByTestId("editor-steps").getByRole("listitem")).toHaveCount(6);
  await expect(page.getByTestId("editor-steps").locator('[aria-current="step"]')).toContainText("Upload and crop");
});
