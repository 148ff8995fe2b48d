import { expect, type Locator, type Page } from "@playwright/test";

export type OrderAction = "process" | "complete" | "deliver" | "cancel" | "refund" | "resendReceipt" | "revokeLinks";

export class AdminOrdersPage {
  constructor(private readonly page: Page) {}

  async gotoOpen(q?: string) {
    await this.page.goto(q ? `/admin/orders?q=${encodeURIComponent(q)}` : "/admin/orders");
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  async gotoHistory(params: Record<string, string> = {}) {
    const query = new URLSearchParams(params).toString();
    await this.page.goto(query ? `/admin/orders/history?${query}` : "/admin/orders/history");
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  async gotoDetail(orderId: string) {
    await this.page.goto(`/admin/orders/${orderId}`);
    await expect(this.detail()).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  table() {
    return this.page.getByTestId("order-table");
  }

  rows() {
    return this.page.getByTestId("order-row");
  }

  row(orderNumber: string): Locator {
    return this.page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
  }

  async search(q: string) {
    await this.page.getByTestId("list-search").fill(q);
    await this.page.getByTestId("list-search").press("Enter");
    await expect(this.page).toHaveURL((url) => url.searchParams.get("q") === q);
  }

  sum(key: "orders" | "total" | "refunded" | "net") {
    return this.page.getByTestId(`order-sum-${key}`).locator("dd");
  }

  statusTab(name: string | RegExp) {
    return this.page.getByTestId("order-status-filter").getByRole("link", { name });
  }

  exportLink() {
    return this.page.getByTestId("order-export");
  }

  emptyState() {
    return this.page.getByTestId("order-empty");
  }

  noResults() {
    return this.page.getByTestId("order-no-results");
  }

  rowAction(orderNumber: string, action: OrderAction) {
    return this.row(orderNumber).getByTestId(`order-action-${action}`);
  }

  async openDetail(orderNumber: string) {
    await this.row(orderNumber).getByTestId("order-link").click();
    await expect(this.detail()).toBeVisible();
  }

  detail() {
    return this.page.getByTestId("order-detail");
  }

  status() {
    return this.page.getByTestId("order-header").getByTestId("order-status");
  }

  paymentStatus() {
    return this.page.getByTestId("order-header").getByTestId("order-payment-status");
  }

  detailAction(action: OrderAction) {
    return this.page.getByTestId("order-actions").getByTestId(`order-action-${action}`);
  }

  section(testId: "order-lines" | "order-customer" | "order-fulfilment" | "order-payments" | "order-documents" | "order-timeline") {
    return this.page.getByTestId(testId);
  }

  timelineEvents() {
    return this.page.getByTestId("timeline-event");
  }

  timelineEvent(type: string) {
    return this.page.locator(`[data-testid="timeline-event"][data-type="${type}"]`);
  }

  productionSheets() {
    return this.page.getByTestId("production-sheet");
  }

  dialog() {
    return this.page.getByTestId("order-action-dialog");
  }

  field(id: "carrier" | "trackingNumber" | "reason" | "amountCents" | "refund-reason") {
    return this.dialog().locator(`#order-${id}`);
  }

  fieldError(id: "carrier" | "trackingNumber" | "reason" | "amountCents" | "refund-reason") {
    return this.dialog().locator(`#order-${id}-error`);
  }

  async confirm() {
    await this.dialog().getByTestId("order-action-confirm").click();
  }

  async open(action: OrderAction, orderNumber?: string) {
    await (orderNumber ? this.rowAction(orderNumber, action) : this.detailAction(action)).click();
    await expect(this.dialog()).toBeVisible();
  }

  toast(text: string | RegExp) {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
