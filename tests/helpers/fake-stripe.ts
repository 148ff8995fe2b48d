import http from "node:http";
import type { AddressInfo } from "node:net";

// The real stripe SDK talks to it, so the adapter's requests are seen exactly as sent.
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: null | { type: string; code?: string; decline_code?: string; message?: string };
  automatic_payment_methods: { enabled: boolean } | null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded" | "pending" | "failed";
  currency: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: { host: string; port: number; protocol: "http" };
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  setRefundStatus(status: FakeRefund["status"]): void;
  failNext(match: string, times: number, status: number, shouldRetry?: boolean, errorType?: string): void;
  /** The next n requests are carried out but the answer is lost, as when the connection drops after Stripe acted. */
  loseNextAnswer(match: string, times: number): void;
  dropNextConnection(match: string, times: number): void;
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${Math.random().toString(36).slice(2)}`, ...headers });
  res.end(JSON.stringify(body));
}

const stripeError = (message: string, type = "invalid_request_error") => ({ error: { type, message } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const refunds = new Map<string, FakeRefund>();
  const refundStatus: { next: FakeRefund["status"] } = { next: "succeeded" };
  const refundedOf = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
  const failures: { match: string; remaining: number; status: number; shouldRetry?: boolean; errorType?: string }[] = [];
  const losses: { match: string; remaining: number }[] = [];
  const drops: { match: string; remaining: number }[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method, path, headers: req.headers, form });

      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) return json(res, 401, stripeError("Invalid API key"));
      const failure = failures.find((f) => f.remaining > 0 && `${method} ${path}`.startsWith(f.match));
      if (failure) {
        failure.remaining--;
        const headers: Record<string, string> =
          failure.shouldRetry === undefined ? {} : { "stripe-should-retry": String(failure.shouldRetry) };
        return json(res, failure.status, stripeError("Simulated outage", failure.errorType ?? "api_error"), headers);
      }
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
      const replayKey = key ? `${method} ${path} ${key}` : undefined;
      const replay = replayKey ? replies.get(replayKey) : undefined;
      const drop = () => {
        const d = drops.find((x) => x.remaining > 0 && `${method} ${path}`.startsWith(x.match));
        if (d) d.remaining--;
        return !!d;
      };
      if (replay) {
        if (drop()) return req.socket.destroy();
        return json(res, replay.status, replay.body, { "idempotent-replayed": "true" });
      }
      const reply = (status: number, body: unknown) => {
        if (replayKey && method === "POST") replies.set(replayKey, { status, body });
        if (drop()) return req.socket.destroy();
        const lost = losses.find((l) => l.remaining > 0 && `${method} ${path}`.startsWith(l.match));
        if (lost) {
          lost.remaining--;
          return json(res, 500, stripeError("Simulated lost answer", "api_error"), { "stripe-should-retry": "false" });
        }
        json(res, status, body);
      };

      let m: RegExpExecArray | null;
      if (method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_fake_${++counter}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const meta = /^metadata\[(.+)\]$/.exec(k);
          if (meta?.[1]) metadata[meta[1]] = v;
        }
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          amount_received: 0,
          currency: form.currency ?? "",
          status: "requires_payment_method",
          client_secret: `${id}_secret_${counter}`,
          metadata,
          description: form.description ?? null,
          last_payment_error: null,
          automatic_payment_methods: form["automatic_payment_methods[enabled]"]
            ? { enabled: form["automatic_payment_methods[enabled]"] === "true" }
            : null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        return reply(200, intent);
      }
      if (method === "GET" && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
        const intent = intents.get(m[1] ?? "");
        return intent ? json(res, 200, intent) : json(res, 404, stripeError("No such payment_intent"));
      }
      if (method === "POST" && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
        const intent = intents.get(m[1] ?? "");
        if (!intent) return json(res, 404, stripeError("No such payment_intent"));
        if (intent.status === "succeeded" || intent.status === "canceled")
          return reply(400, stripeError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`));
        intent.status = "canceled";
        return reply(200, intent);
      }
      if (method === "POST" && path === "/v1/refunds") {
        const intent = intents.get(form.payment_intent ?? "");
        if (!intent || intent.status !== "succeeded")
          return reply(400, stripeError("This PaymentIntent has no successful charge to refund."));
        // Like Stripe: amount omitted = everything not yet refunded; more than that is refused.
        const already = refundedOf(intent.id);
        const amount = form.amount === undefined ? intent.amount - already : Number(form.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - already) {
          return reply(
            400,
            stripeError(
              `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(intent.amount - already) / 100})`,
            ),
          );
        }
        const status = refundStatus.next;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const meta = /^metadata\[(.+)\]$/.exec(k);
          if (meta?.[1]) metadata[meta[1]] = v;
        }
        const refund: FakeRefund = {
          id: `re_fake_${++counter}`,
          object: "refund",
          amount,
          payment_intent: intent.id,
          status,
          currency: intent.currency,
          metadata,
        };
        refunds.set(refund.id, refund);
        return reply(200, refund);
      }
      if (method === "GET" && path === "/v1/refunds") {
        const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
        const intentId = query.get("payment_intent");
        const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
        return json(res, 200, { object: "list", url: "/v1/refunds", has_more: false, data });
      }
      json(res, 404, stripeError(`Unrecognized request URL (${method}: ${path})`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    intents,
    refunds,
    setRefundStatus(status) {
      refundStatus.next = status;
    },
    failNext(match, times, status, shouldRetry, errorType) {
      failures.push({ match, remaining: times, status, shouldRetry, errorType });
    },
    loseNextAnswer(match, times) {
      losses.push({ match, remaining: times });
    },
    dropNextConnection(match, times) {
      drops.push({ match, remaining: times });
    },
    forgetIdempotencyKeys() {
      replies.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the SDK keeps connections alive
      }),
  };
}
