import { expect, test } from "./fixtures";
import { ADMIN, LoginPage } from "./pages/login-page";
import { AdminCategoriesPage } from "./pages/admin-categories-page";
import { AdminSuppliersPage } from "./pages/admin-suppliers-page";
import { AdminArticlesPage } from "./pages/admin-articles-page";

test.describe("admin catalogue in German", () => {
  test("Kategorie, Unterkategorie und Lieferant auf Deutsch anlegen, mit deutschen Meldungen", async ({ page }) => {
    const stamp = Date.now();
    const categoryName = `Becher E2E ${stamp}`;
    const subcategoryName = `Emaille E2E ${stamp}`;
    const company = `Porzellanwerk E2E ${stamp} GmbH`;

    const login = new LoginPage(page);
    await login.goto("/admin/article-categories");
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/article-categories$/);
    await page.getByTestId("language-switch").first().selectOption("de");

    const categories = new AdminCategoriesPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Artikelkategorien" })).toBeVisible();
    await categories.openNewCategory();
    await expect(categories.form()).toHaveAccessibleName("Neue Kategorie");
    await expect(categories.nameCounter()).toHaveText("0/255");
    await categories.save();
    await expect(categories.nameError()).toHaveText("Name ist erforderlich");
    await expect(categories.nameInput()).toHaveAttribute("aria-invalid", "true");
    await categories.fill({ name: categoryName, description: "Tassen für Draußen" });
    await expect(categories.nameCounter()).toHaveText(`${[...categoryName].length}/255`);
    await categories.save();
    await expect(categories.toast("Kategorie angelegt")).toBeVisible();
    await expect(categories.form()).toHaveCount(0);
    await expect(categories.category(categoryName)).toContainText("Tassen für Draußen");
    await expect(categories.category(categoryName)).toContainText("Noch keine Unterkategorien.");

    await categories.createSubcategory(categoryName, { name: subcategoryName });
    await expect(categories.toast("Unterkategorie angelegt")).toBeVisible();
    await expect(categories.category(categoryName)).toContainText("1 Unterkategorie");

    await categories.delete(categoryName);
    const refused = categories.toast("Löschen fehlgeschlagen. Bitte versuche es erneut.");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(
      "Kategorie mit Unterkategorien kann nicht gelöscht werden. Bitte zuerst alle Unterkategorien löschen.",
    );
    await expect(categories.category(categoryName)).toBeVisible();

    await page.getByRole("navigation", { name: "Verwaltungsnavigation" }).getByRole("link", { name: "Lieferanten" }).click();
    const suppliers = new AdminSuppliersPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Lieferanten" })).toBeVisible();
    await suppliers.openNew();
    await expect(page.getByRole("heading", { level: 1, name: "Neuer Lieferant" })).toBeVisible();
    await suppliers.fill({ email: "kein-mail", postalCode: "-123", website: "ftp://example.com" });
    await suppliers.save();
    await expect(suppliers.fieldError("companyName")).toHaveText("Firmenname ist erforderlich");
    await expect(suppliers.fieldError("email")).toHaveText("Ungültiges E-Mail-Format");
    await expect(suppliers.fieldError("postalCode")).toHaveText("Die Postleitzahl muss eine positive Zahl sein");
    await expect(suppliers.fieldError("website")).toHaveText("Bitte eine Webadresse wie https://example.com angeben");
    await expect(suppliers.input("companyName")).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/suppliers\/new$/);

    await suppliers.fill({
      companyName: company,
      website: "porzellanwerk-e2e.example",
      firstName: "Jürgen",
      lastName: "Größer",
      email: "einkauf@porzellanwerk-e2e.example",
      street: "Hauptstraße",
      houseNumber: "7a",
      postalCode: "01067",
      city: "Dresden",
      countryCode: "DE",
      phone1: "+49 351 1234567",
    });
    await suppliers.save();
    await expect(suppliers.toast("Lieferant angelegt")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/suppliers$/);
    await suppliers.goto(`E2E ${stamp}`);
    const row = suppliers.row(company);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Jürgen Größer");
    await expect(row).toContainText("01067 Dresden");
    await expect(row).toContainText("Deutschland");
    await expect(row.getByRole("link", { name: "porzellanwerk-e2e.example", exact: true })).toHaveAttribute(
      "href",
      "https://porzellanwerk-e2e.example",
    );

    await suppliers.openEdit(company);
    await expect(suppliers.input("postalCode")).toHaveValue("01067");
    await suppliers.fill({ city: "Meißen" });
    await suppliers.save();
    await expect(suppliers.toast("Lieferant aktualisiert")).toBeVisible();
    await suppliers.goto(`E2E ${stamp}`);
    await expect(suppliers.row(company)).toContainText("01067 Meißen");

    const nav = page.getByRole("navigation", { name: "Verwaltungsnavigation" });
    await nav.getByRole("link", { name: "Artikel", exact: true }).click();
    const articles = new AdminArticlesPage(page);
    await articles.newMug();
    await expect(page.getByRole("heading", { level: 1, name: "Neue Tasse" })).toBeVisible();
    await expect(articles.tab("price")).toHaveText("Preiskalkulation");
    await expect(articles.field("article-supplierId").getByRole("option", { name: company, exact: true })).toHaveCount(1);
    await expect(articles.field("article-subcategoryId")).toBeDisabled();
    await articles.fillGeneral({ category: categoryName, supplier: company });
    await articles.fillGeneral({ subcategory: subcategoryName });
    await articles.save();
    await expect(articles.fieldError("article-name")).toHaveText("Name ist erforderlich");
    await expect(articles.tab("general")).toHaveAttribute("data-invalid", "true");
    await expect(articles.tab("mug")).toHaveAttribute("data-invalid", "true");
    await articles.openCopyVariants();
    await expect(articles.toast("Bitte speichere den Artikel, bevor du Varianten kopierst")).toBeVisible();

    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await nav.getByRole("link", { name: "Artikelkategorien" }).click();
    await expect.poll(() => asked).toEqual(["Es gibt ungespeicherte Änderungen. Seite verlassen und Änderungen verwerfen?"]);
    await expect(page).toHaveURL(/\/admin\/articles\/new\?type=MUG$/);
    await articles.openTab("general");
    await expect(articles.field("article-subcategoryId")).toHaveValue(/^\d+$/);
    page.once("dialog", (d) => void d.accept());
    await nav.getByRole("link", { name: "Artikelkategorien" }).click();

    await expect(categories.heading()).toBeVisible();
    await categories.delete(subcategoryName);
    await expect(categories.toast(`„${subcategoryName}“ gelöscht`)).toBeVisible();
    await expect(categories.category(categoryName)).toContainText("Noch keine Unterkategorien.");
    await categories.delete(categoryName);
    await expect(categories.toast(`„${categoryName}“ gelöscht`)).toBeVisible();
    await expect(categories.category(categoryName)).toHaveCount(0);
  });
});
