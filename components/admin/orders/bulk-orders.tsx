"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { adminOrdersApi, adminOrdersPrintZipUrl, adminPackingSlipsUrl } from "@/lib/api-client/admin-orders";
import { HttpError } from "@/lib/api-client/fetcher";
import type { AdminOrderRow, BulkOrderBody, BulkOrderResponse } from "@/lib/schemas/admin-orders";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";

interface Selection {
  items: AdminOrderRow[];
  selected: ReadonlySet<string>;
  setSelected: (ids: ReadonlySet<string>) => void;
  toggle: (orderId: string) => void;
}

const SelectionContext = createContext<Selection | null>(null);

/** The open list's selection; null where the table is not selectable (history). */
export const useOrderSelection = () => useContext(SelectionContext);

const canDo = (o: AdminOrderRow, action: "process" | "complete") => o.actions.includes(action);

/** Multi-select on the open orders: the selection outlives a refresh that empties the table. */
export function BulkOrders({ items, children }: { items: AdminOrderRow[]; children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (orderId: string) => {
    const next = new Set(selected);
    if (!next.delete(orderId)) next.add(orderId);
    setSelected(next);
  };
  return <SelectionContext.Provider value={{ items, selected, setSelected, toggle }}>{children}</SelectionContext.Provider>;
}

/** The packing table's bulk actions on the selection, above the table; per-order failures stay shown. */
export function BulkBar() {
  const t = useTranslations("adminOrders.bulk");
  const router = useRouter();
  const selection = useOrderSelection();
  const [shipOpen, setShipOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkOrderResponse | null>(null);
  if (!selection) return null;
  const { items, selected, setSelected } = selection;
  // Only rows of this page count: a refresh may have moved a selected order off the list.
  const chosen = items.filter((o) => selected.has(o.id));
  const toProcess = chosen.filter((o) => canDo(o, "process"));
  const toShip = chosen.filter((o) => canDo(o, "complete"));
  const allOnPage = items.length > 0 && chosen.length === items.length;

  async function run(body: BulkOrderBody) {
    setBusy(true);
    try {
      const result = await adminOrdersApi.bulk(body);
      setOutcome(result);
      if (result.failed === 0) toast.success(t("done", { count: result.succeeded }));
      else toast.warning(t("partly", { done: result.succeeded, failed: result.failed }));
      // The failed stay selected for another try; the done leave the selection.
      setSelected(new Set(result.results.filter((r) => !r.ok).map((r) => r.orderId)));
      setShipOpen(false);
      router.refresh();
    } catch (error) {
      toast.error(error instanceof HttpError ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div
        role="region"
        aria-label={t("label")}
        className="flex flex-wrap items-center gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2"
        data-testid="order-bulk-bar"
      >
        <label className="flex min-h-11 items-center gap-2 pr-2 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={allOnPage}
            onChange={() => setSelected(allOnPage ? new Set() : new Set(items.map((o) => o.id)))}
            data-testid="order-select-all"
          />
          {t("selectAll")}
        </label>
        <span className="text-sm text-stone-600" aria-live="polite" data-testid="order-bulk-count">
          {t("selected", { count: chosen.length })}
        </span>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <button
            type="button"
            className="btn-secondary"
            disabled={busy || toProcess.length === 0}
            onClick={() => run({ action: "process", orderIds: toProcess.map((o) => o.id) })}
            data-testid="order-bulk-process"
          >
            {t("process", { count: toProcess.length })}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy || toShip.length === 0}
            onClick={() => setShipOpen(true)}
            data-testid="order-bulk-ship"
          >
            {t("ship", { count: toShip.length })}
          </button>
          {chosen.length > 0 ? (
            <>
              <a href={adminOrdersPrintZipUrl(chosen.map((o) => o.id))} download className="btn-secondary" data-testid="order-bulk-zip">
                {t("zip", { count: chosen.length })}
              </a>
              <a
                href={adminPackingSlipsUrl(chosen.map((o) => o.id))}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary"
                data-testid="order-bulk-slips"
              >
                {t("slips", { count: chosen.length })}
              </a>
            </>
          ) : (
            <>
              <button type="button" className="btn-secondary" disabled data-testid="order-bulk-zip">
                {t("zip", { count: 0 })}
              </button>
              <button type="button" className="btn-secondary" disabled data-testid="order-bulk-slips">
                {t("slips", { count: 0 })}
              </button>
            </>
          )}
        </div>
      </div>
      {outcome && outcome.failed > 0 && <BulkFailures outcome={outcome} onClose={() => setOutcome(null)} />}
      {shipOpen && <ShipDialog orders={toShip} busy={busy} onClose={() => setShipOpen(false)} onShip={run} />}
    </>
  );
}

function BulkFailures({ outcome, onClose }: { outcome: BulkOrderResponse; onClose: () => void }) {
  const t = useTranslations("adminOrders.bulk");
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="order-bulk-failures"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">{t("partly", { done: outcome.succeeded, failed: outcome.failed })}</p>
        <button type="button" className="text-amber-900 underline" onClick={onClose}>
          {t("dismiss")}
        </button>
      </div>
      <ul className="mt-1 list-disc pl-5">
        {outcome.results
          .filter((r) => !r.ok)
          .map((r) => (
            <li key={r.orderId} data-testid="order-bulk-failure">
              {t("failure", { number: r.orderNumber ?? r.orderId, reason: r.error ?? "" })}
            </li>
          ))}
      </ul>
    </div>
  );
}

function ShipDialog({
  orders,
  busy,
  onClose,
  onShip,
}: {
  orders: AdminOrderRow[];
  busy: boolean;
  onClose: () => void;
  onShip: (body: BulkOrderBody) => void;
}) {
  const t = useTranslations("adminOrders.bulk");
  const tc = useTranslations("common");
  const td = useTranslations("adminOrders.dialog.complete");
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const trackingNumbers = Object.fromEntries(Object.entries(tracking).filter(([, v]) => v.trim()));
    onShip({ action: "complete", orderIds: orders.map((o) => o.id), carrier, trackingNumbers });
  };
  return (
    <Dialog
      open
      title={t("shipTitle", { count: orders.length })}
      onClose={onClose}
      size="md"
      testId="order-bulk-ship-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {tc("cancel")}
          </button>
          <button type="submit" form="order-bulk-ship-form" className="btn-primary" disabled={busy} data-testid="order-bulk-ship-confirm">
            {t("shipConfirm", { count: orders.length })}
          </button>
        </>
      }
    >
      <form id="order-bulk-ship-form" onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600">{t("shipText")}</p>
        <TextField
          id="order-bulk-carrier"
          label={td("carrier")}
          value={carrier}
          maxLength={100}
          placeholder={td("carrierPlaceholder")}
          onChange={(e) => setCarrier(e.target.value)}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{td("trackingNumber")}</legend>
          {orders.map((o) => (
            <TextField
              key={o.id}
              id={`order-bulk-tracking-${o.id}`}
              label={o.orderNumber}
              value={tracking[o.id] ?? ""}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setTracking((prev) => ({ ...prev, [o.id]: e.target.value }))}
            />
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}
