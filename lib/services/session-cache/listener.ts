import "server-only";
import { logger } from "@/lib/logger";

export const SESSION_USERS_CHANNEL = "session_users";

export interface Listener {
  readonly up: boolean;
  close(): Promise<void>;
}

interface Callbacks {
  onNotify(payload: string): void;
  onState(up: boolean): void;
}

export async function startListener(url: string, cb: Callbacks): Promise<Listener> {
  const { default: postgres } = await import("postgres");
  let up = false;
  let closed = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;
  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    cb.onState(value);
  };
  // onnotify is undeclared in postgres.js's types; sql.listen is not used: it never reports a lost connection.
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "mug-shop-listen" },
    backoff: () => 0,
    onnotify: (channel: string, payload: string) => {
      if (channel === SESSION_USERS_CHANNEL) cb.onNotify(payload);
    },
    onclose: () => {
      setUp(false);
      schedule();
    },
  };
  const client = postgres(url, options as Parameters<typeof postgres>[1]);
  const schedule = () => {
    if (closed || timer) return;
    const delay = Math.min(5000, 250 * 2 ** Math.min(attempts, 5));
    attempts++;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };
  const connect = async () => {
    if (closed) return;
    try {
      await client.unsafe(`LISTEN ${SESSION_USERS_CHANNEL}`);
      if (closed) return;
      attempts = 0;
      setUp(true);
    } catch (err) {
      setUp(false);
      if (!closed) logger.warn("session cache: LISTEN failed; sessions are checked in the database until it is back", { err });
      schedule();
    }
  };
  await connect();
  return {
    get up() {
      return up;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      setUp(false);
      await client.end({ timeout: 1 });
    },
  };
}
