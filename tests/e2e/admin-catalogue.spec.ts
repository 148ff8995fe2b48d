import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { AdminCategoriesPage } from "./pages/admin-categories-page";
import { AdminSuppliersPage } from "./pages/admin-suppliers-page";
import { EditorPage } from "./pages/editor-page";
import { CartPage } from "./pages/cart-page";
import { AdminArticlesPage } from "./pages/admin-articles-page";

let dir = "";
let variantImagePath = "";
let photoPath = "";

const RED = { r: 0xd3, g: 0x2f, b: 0x2f };
const BLUE = { r: 0x15, g: 0x65, b: 0xc0 };

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "admin-catalogue-e2e-"));
  const example = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="rgb(${BLUE.r},${BLUE.g},${BLUE.b})"/><rect width="1600" height="400" fill="rgb(${RED.r},${RED.g},${RED.b})"/></svg>`;
  variantImagePath = path.join(dir, "ocean-example.png");
  await writeFile(variantImagePath, await sharp(Buffer.from(example)).png().toBuffer());
  const photo = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><rect width="100%" height="100%" fill="#87ceeb"/>
    <circle cx="1200" cy="760" r="420" fill="#f4c27a"/><rect y="1300" width="2400" height="300" fill="#4caf50"/></svg>`;
  photoPath = path.join(dir, "guest-photo.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(photo)).jpeg({ quality: 88 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function inspect(bytes: Buffer) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const pixel = await sharp(bytes).removeAlpha().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
  const stats = await sharp(bytes).removeAlpha().stats();
  return { width, height, pixel: { r: pixel[0] ?? 0, g: pixel[1] ?? 0, b: pixel[2] ?? 0 }, meanRed: stats.channels[0]?.mean ?? 0 };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) < 40 && Math.abs(a.g - b.g) < 40 && Math.abs(a.b - b.b) < 40;

function dataUrlBytes(url: string | null): Buffer | null {
  const match = /^data:image\/[a-z+]+;base64,(.+)$/.exec(url ?? "");
  return match?.[1] ? Buffer.from(match[1], "base64") : null;
}

test.describe("admin builds the catalogue and a customer buys from it", () => {
  test("category, subcategory, supplier, a mug with two variants (one cropped image) and a price, copied variants; a guest sees it in the editor and the cart", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const categoryName = `Travel mugs ${stamp}`;
    const subcategoryName = `Thermo ${stamp}`;
    const company = `Mugworks E2E ${stamp} Ltd`;
    // "T…" sorts after the seeded "Classic Mug 250" / "Klassische Tasse 250 ml": the sample stays the editor's first mug.
    const mugName = `Terra Mug ${stamp}`;
    const articleNumber = `E2E-${stamp}`;

    const login = new LoginPage(page);
    await login.goto("/admin/article-categories");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/article-categories$/);

    const categories = new AdminCategoriesPage(page);
    await expect(categories.heading()).toBeVisible();
    await categories.openNewCategory();
    await expect(categories.nameCounter()).toHaveText("0/255");
    await categories.fill({ name: categoryName, description: "Insulated mugs for on the go" });
    await expect(categories.nameCounter()).toHaveText(`${categoryName.length}/255`);
    await categories.nameInput().fill("x".repeat(300));
    await expect(categories.nameError()).toHaveText("300/255 characters – at most 255 allowed");
    await expect(categories.nameInput()).toHaveValue("x".repeat(300));
    await categories.save();
    await expect(categories.nameError()).toHaveText("300/255 characters – at most 255 allowed");
    await expect(categories.form()).toBeVisible();
    await categories.nameInput().fill(categoryName);
    await categories.save();
    await expect(categories.toast("Category created")).toBeVisible();
    await expect(categories.category(categoryName)).toContainText("Insulated mugs for on the go");
    await expect(categories.category(categoryName)).toContainText("No articles · no subcategories");

    await categories.openNewSubcategory(categoryName);
    await expect(categories.form("subcategory").getByLabel(/^Category/)).toHaveValue(String(await categories.categoryId(categoryName)));
    await expect(categories.nameCounter("subcategory")).toHaveText("0/255");
    await categories.save("subcategory");
    await expect(categories.nameError("subcategory")).toHaveText("Name is required");
    await categories.fill({ name: subcategoryName }, "subcategory");
    await expect(categories.nameCounter("subcategory")).toHaveText(`${subcategoryName.length}/255`);
    await categories.save("subcategory");
    await expect(categories.toast("Subcategory created")).toBeVisible();
    await expect(categories.subcategory(categoryName, subcategoryName)).toContainText("No articles");
    await expect(categories.category(categoryName)).toContainText("1 subcategory");

    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Suppliers" }).click();
    const suppliers = new AdminSuppliersPage(page);
    await expect(suppliers.heading()).toBeVisible();
    await suppliers.openNew();
    await suppliers.fill({ companyName: company, email: "sales(at)mugworks", postalCode: "0" });
    await suppliers.save();
    await expect(suppliers.fieldError("email")).toHaveText("Invalid email format");
    await expect(suppliers.fieldError("postalCode")).toHaveText("Postal code must be a positive number");
    await suppliers.fill({
      email: "sales@mugworks-e2e.example",
      postalCode: "10115",
      city: "Berlin",
      countryCode: "DE",
      firstName: "Mia",
      lastName: "Maker",
    });
    await suppliers.save();
    await expect(suppliers.toast("Supplier created")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/suppliers$/);
    await suppliers.search(`E2E ${stamp}`);
    await expect(suppliers.row(company)).toContainText("Mia Maker");
    await expect(suppliers.row(company)).toContainText("sales@mugworks-e2e.example");
    await expect(suppliers.row(company)).toContainText("10115 Berlin");
    await expect(suppliers.row(company)).toContainText("Germany");

    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Articles" }).click();
    const articles = new AdminArticlesPage(page);
    await articles.newMug();
    await expect(page).toHaveURL(/\/admin\/articles\/new\?type=MUG$/);
    await expect(articles.field("article-supplierId").getByRole("option", { name: company, exact: true })).toHaveCount(1);
    await expect(articles.field("article-subcategoryId")).toBeDisabled();
    await articles.fillGeneral({
      name: mugName,
      nameDe: `Terra Tasse ${stamp}`,
      shortDescription: "Stoneware mug with a wide print area",
      articleNumber,
      category: categoryName,
    });
    await expect(articles.field("article-subcategoryId")).toBeEnabled();
    await articles.fillGeneral({ subcategory: subcategoryName, supplier: company });
    await articles.field("article-supplierArticleNumber").fill(`MW-${stamp}`);

    await articles.fillMugDetails({
      heightMm: "100",
      diameterMm: "85",
      fillingQuantityMl: "300",
      printTemplateWidthMm: "180",
      printTemplateHeightMm: "72",
      documentWidthMm: "190",
      documentHeightMm: "80",
      documentBottomMarginMm: "4",
    });

    await articles.fillPrice({ purchasePrice: "5.00", purchaseCost: "1.00" });
    await expect(articles.purchaseTotal()).toHaveText("€6.00");
    await articles.fillPrice({ salesVat: "Standard (19 %)", salesMarginPercent: "150" });
    await expect(articles.field("price-salesMargin")).toHaveValue("9.00");
    await expect(articles.field("price-salesTotal")).toHaveValue("17.85");
    await expect(articles.shopPrice()).toHaveText("€17.85");
    await expect(page.getByTestId("shop-price-net")).toHaveText("net €15.00, incl. 19 % VAT");

    await articles.openCopyVariants();
    await expect(articles.toast("Please save the article first before copying variants")).toBeVisible();
    await expect(page.getByTestId("mug-variant-empty")).toBeVisible();

    await page.getByTestId("mug-variant-add").click();
    const dialog = articles.variantDialog();
    await expect(dialog).toBeVisible();
    const defaultSwitch = dialog.getByRole("switch", { name: "Default variant" });
    await expect(defaultSwitch).toBeChecked();
    await expect(defaultSwitch).toBeDisabled();
    await articles.fillVariant({
      name: "Ocean",
      nameDe: "Ozean",
      outsideColor: "#1E88E5",
      insideColor: "#FFFFFF",
      image: variantImagePath,
    });
    await expect(articles.variantPreview()).toHaveAttribute("data-outside-color", "#1E88E5");
    const cropArea = dialog.getByTestId("variant-crop-area");
    await expect(cropArea).toHaveAttribute("data-aspect", "2.5000");
    await expect(cropArea.locator("img")).toBeVisible();
    const previewColour = async () => {
      const bytes = dataUrlBytes(await articles.previewImageUrl());
      if (!bytes) return "no cropped preview";
      const info = await inspect(bytes);
      if (near(info.pixel, RED)) return "red";
      if (near(info.pixel, BLUE) && info.meanRed < 60) return "blue";
      return `rgb(${info.pixel.r},${info.pixel.g},${info.pixel.b})`;
    };
    await expect.poll(previewColour).toBe("red");
    const zoom = dialog.getByRole("slider", { name: "Zoom" });
    await zoom.focus();
    for (let i = 0; i < 10; i++) await zoom.press("ArrowRight");
    await expect(zoom).toHaveValue("1.5");
    await articles.dragCrop(0, -400);
    await expect.poll(previewColour).toBe("blue");
    await articles.saveVariant();
    await expect(dialog).toBeHidden();

    await page.getByTestId("mug-variant-add").click();
    await expect(dialog).toBeVisible();
    await expect(defaultSwitch).not.toBeChecked();
    await articles.fillVariant({ name: "Sunset inside", outsideColor: "#FFFFFF", insideColor: "#FF7043" });
    await articles.saveVariant();
    await expect(dialog).toBeHidden();

    const rows = page.getByTestId("mug-variant-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute("data-variant-name", "Ocean");
    await expect(rows.nth(0).getByTestId("variant-default-badge")).toBeVisible();
    await expect(rows.nth(0)).toContainText("Not saved yet");
    await expect(rows.nth(1)).toHaveAttribute("data-variant-name", "Sunset inside");
    await expect(rows.nth(1)).toContainText("#FF7043");

    await articles.saveNew();
    await expect(articles.toast("Article created")).toBeVisible();
    const articleUrl = page.url();
    await expect(page.getByTestId("article-heading-name")).toContainText(mugName);
    await articles.openTab("variants");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Not saved yet" })).toHaveCount(0);

    const thumb = articles.variantRow("Ocean").locator("img");
    await expect(thumb).toHaveAttribute("src", /^\/api\//);
    const exampleUrl = (await thumb.getAttribute("src")) ?? "";
    const stored = await page.request.get(exampleUrl);
    expect(stored.ok()).toBe(true);
    const storedInfo = await inspect(await stored.body());
    expect(storedInfo.width).toBeLessThan(1200);
    expect(storedInfo.width / storedInfo.height).toBeCloseTo(2.5, 1);
    expect(near(storedInfo.pixel, BLUE)).toBe(true);
    expect(storedInfo.meanRed).toBeLessThan(60);

    await page.reload();
    await articles.openTab("price");
    await expect(articles.shopPrice()).toHaveText("€17.85");

    await articles.openCopyVariants();
    const copyDialog = articles.copyDialog();
    await expect(copyDialog.getByTestId("copy-variants-group").filter({ hasText: "Classic Mug 250" })).toBeVisible();
    await copyDialog.getByTestId("copy-variants-submit").click();
    await expect(copyDialog.getByTestId("copy-variants-error")).toBeVisible();
    await articles.copyVariants("Classic Mug 250", ["Red inside", "Black"]);
    await expect(articles.toast("2 variants copied: Red inside, Black")).toBeVisible();
    await expect(copyDialog).toBeHidden();
    await expect(rows).toHaveCount(4);
    await expect(articles.variantRow("Red inside")).toContainText("#C62828");
    await expect(articles.variantRow("Black")).toContainText("#000000");

    await articles.openCopyVariants();
    await articles.copyVariants("Classic Mug 250", ["Black"]);
    await expect(articles.toast("1 variant skipped, its name already exists: Black")).toBeVisible();
    await expect(rows).toHaveCount(4);

    await articles.goto(`?q=${encodeURIComponent(articleNumber)}`);
    const listed = articles.row(mugName);
    await expect(listed.getByTestId("article-price")).toHaveText("€17.85");
    await expect(listed.getByTestId("article-active")).toHaveText("Active");
    await expect(listed.locator("img")).toHaveAttribute("src", exampleUrl);

    await categories.goto();
    await expect(categories.subcategory(categoryName, subcategoryName)).toContainText("1 article");
    await categories.delete(subcategoryName);
    await expect(categories.toast("Failed to delete. Please try again.")).toContainText(
      "Cannot delete subcategory with associated articles",
    );
    await expect(categories.subcategory(categoryName, subcategoryName)).toBeVisible();

    const guestContext = await browser.newContext();
    try {
      const guest = await guestContext.newPage();
      const editor = new EditorPage(guest);
      await editor.goto("/");
      await editor.upload(photoPath);
      await editor.next();
      await editor.chooseStyle("Watercolour");
      await editor.next();
      await editor.expectStep("mug");
      const option = editor.mugOption(mugName);
      await expect(option).toHaveCount(1);
      await expect(option.getByTestId("mug-price")).toHaveText("€17.85");
      await expect(option).toContainText("Stoneware mug with a wide print area");
      await expect(option.getByTestId("mug-example")).toHaveAttribute("src", exampleUrl);
      await option.locator("label").first().click();
      await expect(option).toHaveAttribute("data-selected", "true");
      await expect(option.getByTestId("variant-option")).toHaveText(["Ocean", "Sunset inside", "Red inside", "Black"]);
      await expect(editor.variantRadio("Ocean")).toBeChecked();
      await editor.chooseVariant("Sunset inside");
      await editor.next();
      await editor.fillPersonal({ email: `catalogue-guest-${stamp}@example.com`, firstName: "Gina" });
      await editor.next();
      await editor.generate();
      await editor.next();
      await editor.expectPreview();
      await expect(editor.mugPreview()).toHaveAttribute("data-inside-color", "#FF7043");
      await expect(editor.mugPreview()).toHaveAttribute("data-outside-color", "#FFFFFF");
      await editor.addToCart();
      await expect(guest).toHaveURL(/\/cart$/);

      const cart = new CartPage(guest);
      await expect(cart.items()).toHaveCount(1);
      await expect(cart.item().getByTestId("cart-item-name")).toHaveText(mugName);
      await expect(cart.item().getByTestId("cart-item-variant")).toContainText("Sunset inside");
      await expect(cart.item().getByTestId("cart-item-price")).toContainText("€17.85 each");
      await expect(cart.summary().getByTestId("total-subtotal")).toContainText("€17.85");
      await expect(cart.priceChangedNotice()).toHaveCount(0);

      await page.goto(articleUrl);
      await articles.fillPrice({ salesTotal: "19.99" });
      await expect(articles.shopPrice()).toHaveText("€19.99");
      await expect(articles.field("price-salesMargin")).toHaveValue("10.80");
      await expect(articles.field("price-salesMarginPercent")).toHaveValue("180");
      await articles.save();
      await expect(articles.toast("Article saved")).toBeVisible();

      await cart.goto();
      await expect(cart.priceChangedNotice()).toContainText("Prices have changed");
      await expect(cart.item().getByTestId("cart-item-earlier-price")).toContainText("€17.85");
      await expect(cart.item().getByTestId("cart-item-price")).toContainText("€19.99 each");
      await expect(cart.summary().getByTestId("total-subtotal")).toContainText("€19.99");
    } finally {
      await guestContext.close();
    }
  });
});
