import type { WrkTarget } from "./wrk";
import { ms, percent, rps, times, type Row } from "./table";

export type Side = "shop" | "control";

export interface Measurement {
  key: string;
  side: Side;
  path: string;
  connections: number;
  as?: "customer" | "admin";
  customerParam?: boolean;
}

export const MEASUREMENTS: readonly Measurement[] = [
  { key: "cart", side: "shop", path: "/api/user/cart", connections: 50, as: "customer" },
  { key: "orders", side: "shop", path: "/api/user/orders", connections: 50, as: "customer" },
  { key: "session", side: "shop", path: "/api/auth/session", connections: 50, as: "customer" },
  { key: "mugs", side: "shop", path: "/api/mugs?locale=en", connections: 50 },
  { key: "prompts", side: "shop", path: "/api/prompts?locale=en", connections: 50 },
  { key: "countries", side: "shop", path: "/api/countries?locale=en", connections: 50 },
  { key: "adminVat", side: "shop", path: "/admin/vat", connections: 1, as: "admin" },
  { key: "adminShell", side: "shop", path: "/admin/logistics", connections: 1, as: "admin" },
  { key: "home", side: "shop", path: "/", connections: 1 },
  { key: "constant", side: "control", path: "/api/constant", connections: 50 },
  { key: "constantCookie", side: "control", path: "/api/constant", connections: 50, as: "customer" },
  { key: "cartQuery", side: "control", path: "/api/query/cart", connections: 50, customerParam: true },
  { key: "ordersQuery", side: "control", path: "/api/query/orders", connections: 50, customerParam: true },
  { key: "static", side: "control", path: "/static.json", connections: 50 },
  { key: "table", side: "control", path: "/table", connections: 1 },
  { key: "floor", side: "control", path: "/", connections: 1 },
  { key: "dynamicFloor", side: "control", path: "/dynamic", connections: 1 },
];

export interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export interface RowContext {
  figures: (key: string) => Figures;
  database: "pglite" | "postgres";
}

export interface RowSpec {
  label: string;
  rank: number;
  needs: readonly string[];
  make: (ctx: RowContext) => Row[];
}

const throughputRow = (what: string, today: Figures, control: Figures, goalShare: number, withP99: boolean): Row => {
  const share = today.rps / control.rps;
  return {
    what,
    today: withP99 ? `${rps(today.rps)}, p99 ${ms(today.p99Ms)}` : rps(today.rps),
    control: withP99 ? `${rps(control.rps)}, p99 ${ms(control.p99Ms)}` : rps(control.rps),
    ratio: percent(today.rps, control.rps),
    goal: `≥ ${(goalShare * 100).toFixed(0)} % of the constant route`,
    met: share >= goalShare,
  };
};

export const LOAD_ROWS: readonly RowSpec[] = [
  {
    label: "GET /api/user/cart, /api/user/orders at 50 connections",
    rank: 10,
    needs: ["cart", "orders", "constant", "cartQuery", "ordersQuery"],
    make: ({ figures, database }) => {
      const goal = database === "postgres" ? 0.7 : 0.5;
      const db = database === "postgres" ? "PostgreSQL" : "PGlite";
      const floor = (what: string, key: string): Row => ({
        what: `${what}'s query alone in the control app, c=50 (${db}) vs /api/constant`,
        today: `${rps(figures(key).rps)}, p99 ${ms(figures(key).p99Ms)}`,
        control: `${rps(figures("constant").rps)}, p99 ${ms(figures("constant").p99Ms)}`,
        ratio: percent(figures(key).rps, figures("constant").rps),
        goal: "– (floor)",
        met: null,
      });
      return [
        throughputRow(`GET /api/user/cart, c=50 (${db}) vs /api/constant`, figures("cart"), figures("constant"), goal, true),
        floor("the cart", "cartQuery"),
        throughputRow(`GET /api/user/orders, c=50 (${db}) vs /api/constant`, figures("orders"), figures("constant"), goal, true),
        floor("the order list", "ordersQuery"),
      ];
    },
  },
  {
    label: "GET /api/auth/session with the customer cookie",
    rank: 20,
    needs: ["session", "constant", "constantCookie"],
    make: ({ figures }) => [
      throughputRow("GET /api/auth/session (customer cookie), c=50 vs /api/constant", figures("session"), figures("constant"), 0.8, true),
      {
        what: "GET /api/auth/session vs /api/constant asked with the same Cookie header",
        today: `${rps(figures("session").rps)}, p99 ${ms(figures("session").p99Ms)}`,
        control: `${rps(figures("constantCookie").rps)}, p99 ${ms(figures("constantCookie").p99Ms)} (without it ${rps(figures("constant").rps)})`,
        ratio: percent(figures("session").rps, figures("constantCookie").rps),
        goal: "– (profile)",
        met: null,
      },
    ],
  },
  {
    label: "GET /api/mugs, /api/prompts, /api/countries",
    rank: 30,
    needs: ["mugs", "prompts", "countries", "constant", "static"],
    make: ({ figures }) =>
      (["mugs", "prompts", "countries"] as const).map((key) => {
        const today = figures(key);
        const constant = figures("constant");
        const file = figures("static");
        return {
          what: `GET /api/${key}?locale=en, c=50 vs /api/constant (and /static.json)`,
          today: rps(today.rps),
          control: `${rps(constant.rps)} (static file ${rps(file.rps)})`,
          ratio: `${times(today.rps, constant.rps)} (${times(today.rps, file.rps)} of static)`,
          goal: "≥ 1.0× the constant route",
          met: today.rps >= constant.rps,
        };
      }),
  },
  {
    label: "/admin/vat, 50 rows, c=1",
    rank: 40,
    needs: ["adminVat", "adminShell", "table"],
    make: ({ figures }) => {
      const today = figures("adminVat");
      const shell = figures("adminShell");
      const control = figures("table");
      return [
        {
          what: "/admin/vat (50 rows) p50 at c=1 vs control /table",
          today: ms(today.p50Ms),
          control: ms(control.p50Ms),
          ratio: times(today.p50Ms, control.p50Ms),
          goal: "≤ 1.5×",
          met: today.p50Ms <= 1.5 * control.p50Ms,
        },
        {
          what: "/admin/logistics (the admin frame, no list) p50 at c=1 vs control /table",
          today: ms(shell.p50Ms),
          control: ms(control.p50Ms),
          ratio: times(shell.p50Ms, control.p50Ms),
          goal: "– (profile)",
          met: null,
        },
      ];
    },
  },
  {
    label: "GET / p50 at c=1",
    rank: 50,
    needs: ["home", "floor", "dynamicFloor"],
    make: ({ figures }) => {
      const today = figures("home");
      const control = figures("floor");
      const dynamic = figures("dynamicFloor");
      return [
        {
          what: "GET / p50 at c=1 vs the control's floor page",
          today: ms(today.p50Ms),
          control: ms(control.p50Ms),
          ratio: times(today.p50Ms, control.p50Ms),
          goal: "≤ 5×",
          met: today.p50Ms <= 5 * control.p50Ms,
        },
        {
          // Not a goal of its own: the shop's pages render per request for the CSP nonce.
          what: "GET / p50 at c=1 vs the same floor page rendered per request (/dynamic)",
          today: ms(today.p50Ms),
          control: ms(dynamic.p50Ms),
          ratio: times(today.p50Ms, dynamic.p50Ms),
          goal: "– (profile)",
          met: null,
        },
      ];
    },
  },
];

export function targetOf(m: Measurement, baseUrl: string, cookies: { customer: string; admin: string }, customerId: number): WrkTarget {
  const headers: Record<string, string> = { "Accept-Language": "en" };
  if (m.as) headers.Cookie = cookies[m.as];
  return { url: baseUrl + m.path + (m.customerParam ? `?p=${customerId}` : ""), connections: m.connections, headers };
}

/** One round's order: a control measurement between every two shop measurements (controls cycle), so drift hits both sides alike. */
export function roundOrder(measurements: readonly Measurement[]): Measurement[] {
  const shop = measurements.filter((m) => m.side === "shop");
  const control = measurements.filter((m) => m.side === "control");
  if (shop.length === 0 || control.length === 0) return [...shop, ...control];
  const order: Measurement[] = [];
  const rounds = Math.max(shop.length, control.length);
  for (let i = 0; i < rounds; i++) {
    order.push(shop[i % shop.length] as Measurement, control[i % control.length] as Measurement);
  }
  return order;
}
