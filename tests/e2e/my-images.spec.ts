import sharp from "sharp";
import { expect, test, type APIRequestContext } from "./fixtures";
import { MyImagesPage } from "./pages/my-images-page";
import { signUp } from "./helpers/outbox";

async function registerCustomer(request: APIRequestContext): Promise<string> {
  const email = `gallery-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(request, { email, password: "customer-pass-1", firstName: "Gallery", lastName: "Tester" });
  return email;
}

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#3a7bd5"/><circle cx="240" cy="180" r="90" fill="#f9d423"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

type Generated = { sourceImage: { id: number }; images: { id: number }[] };

async function generate(request: APIRequestContext): Promise<Generated> {
  const prompts = (await (await request.get("/api/prompts")).json()) as { id: number; title: string }[];
  const mugs = (await (await request.get("/api/mugs")).json()) as { id: number }[];
  const prompt = prompts[0];
  const mug = mugs[0];
  if (!prompt || !mug) throw new Error("the demo catalogue has prompts and mugs");
  const res = await request.post("/api/user/ai/images/generate", {
    multipart: {
      image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo() },
      promptId: String(prompt.id),
      mugId: String(mug.id),
    },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Generated;
}

async function uploadEdit(request: APIRequestContext, generatedImageId: number): Promise<number> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const res = await request.post("/api/user/images/edited", {
    multipart: { image: { name: "edited.png", mimeType: "image/png", buffer: png }, generatedImageId: String(generatedImageId) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.describe("my images", () => {
  test("an anonymous visitor is sent to /login", async ({ page }) => {
    await page.goto("/my-images");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fmy-images$/);
  });

  test("a new customer sees the empty gallery, in English and in German", async ({ page }) => {
    await registerCustomer(page.request);
    const gallery = new MyImagesPage(page);
    await gallery.goto();
    await expect(gallery.empty()).toContainText("You have no saved images yet.");
    await expect(gallery.empty().getByRole("link", { name: "Design a mug" })).toHaveAttribute("href", "/");
    await expect(gallery.sortSelect()).toHaveValue("date");
    await expect(gallery.orderSelect()).toHaveValue("desc");

    await page.getByTestId("language-switch").selectOption("de");
    await expect(page.getByRole("heading", { name: "Meine Bilder" })).toBeVisible();
    await expect(gallery.empty()).toContainText("Du hast noch keine gespeicherten Bilder.");
    await expect(gallery.empty().getByRole("link", { name: "Tasse gestalten" })).toBeVisible();
    await expect(gallery.sortSelect().locator("option")).toHaveText(["Datum", "Typ"]);
    await expect(gallery.orderSelect().locator("option")).toHaveText(["Neueste zuerst", "Älteste zuerst"]);
  });

  test("the gallery shows uploaded, generated and edited images, sorts them (kept in the URL) and deletes one", async ({ page }) => {
    await registerCustomer(page.request);
    const generated = await generate(page.request);
    const first = generated.images[0];
    if (!first) throw new Error("at least one generated image");
    const editedId = await uploadEdit(page.request, first.id);
    const total = 2 + generated.images.length;

    const gallery = new MyImagesPage(page);
    await gallery.goto();
    await expect(gallery.cards()).toHaveCount(total);
    await expect(gallery.count()).toHaveText(`${total} images`);

    expect((await gallery.ids())[0]).toBe(editedId);
    expect((await gallery.ids()).at(-1)).toBe(generated.sourceImage.id);
    const generatedCard = gallery.card(first.id);
    await expect(generatedCard.getByTestId("image-type-badge")).toHaveText("Generated");
    await expect(generatedCard.getByTestId("image-prompt")).toContainText("Style: ");
    await expect(generatedCard.getByTestId("image-size")).toHaveText(/^\d+(\.\d)?\s(bytes?|kB|MB)$/);
    await expect(gallery.card(editedId).getByTestId("image-type-badge")).toHaveText("Edited");
    await expect(gallery.card(generated.sourceImage.id).getByTestId("image-type-badge")).toHaveText("Uploaded");
    await expect(generatedCard.getByRole("img")).toHaveJSProperty("complete", true);
    expect(await generatedCard.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await gallery.sortBy("type", "desc");
    await expect(page).toHaveURL(/sort=type/);
    await expect.poll(() => gallery.types()).toEqual(["UPLOADED", ...generated.images.map(() => "GENERATED"), "EDITED"]);

    await gallery.sortBy("date", "asc");
    await expect(page).toHaveURL(/sort=date&order=asc/);
    await expect.poll(async () => (await gallery.ids())[0]).toBe(generated.sourceImage.id);
    await page.reload();
    await expect(gallery.orderSelect()).toHaveValue("asc");
    await expect.poll(async () => (await gallery.ids())[0]).toBe(generated.sourceImage.id);

    await page.getByTestId("language-switch").selectOption("de");
    await expect(gallery.card(first.id).getByTestId("image-type-badge")).toHaveText("Generiert");
    await expect(gallery.card(first.id).getByTestId("image-size")).toHaveText(/^\d+(,\d)?\s(Byte|kB|MB)$/);
    await expect(gallery.count()).toHaveText(`${total} Bilder`);
    await page.getByTestId("language-switch").selectOption("en");
    await expect(gallery.count()).toHaveText(`${total} images`);

    await gallery
      .card(editedId)
      .getByRole("button", { name: /^Delete:/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(gallery.cards()).toHaveCount(total);
    await gallery.deleteImage(editedId);
    await expect(gallery.toast("Image deleted")).toBeVisible();
    await expect(gallery.card(editedId)).toHaveCount(0);
    await expect(gallery.cards()).toHaveCount(total - 1);
    const gone = await page.request.get(`/api/images/${editedId}`);
    expect(gone.status()).toBe(404);
  });
});
