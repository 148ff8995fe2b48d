import "server-only";
import { sql } from "drizzle-orm";
import { getDbHandle, peekDbHandle, type Db, type DbHandle, type Tx } from "@/db/client";
import { logger } from "@/lib/logger";
import { SESSION_USERS_CHANNEL, startListener, type Listener } from "./listener";

/** Writers pg_notify at commit; on PostgreSQL the cache serves only while LISTEN is up, so a missed notification cannot keep a token alive. */
export const MAX_ENTRIES = 5000;
export const ENTRY_TTL_MS = 60_000;

type Entry<T> = { value: T; expires: number };

export class SessionUserCache<T = unknown> {
  private readonly entries = new Map<number, Entry<T>>();
  private readonly loading = new Map<number, Promise<T | null>>();
  private generation = 0;
  private usable: () => boolean;

  constructor(usable: () => boolean = () => true) {
    this.usable = usable;
  }

  get size(): number {
    return this.entries.size;
  }

  setUsable(usable: () => boolean): void {
    this.usable = usable;
  }

  peek(id: number): T | undefined {
    if (!this.usable()) return undefined;
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    this.entries.delete(id);
    this.entries.set(id, hit);
    return hit.value;
  }

  /** Stores the row only if nothing was invalidated meanwhile. */
  load(id: number, loader: () => Promise<T | null>): Promise<T | null> {
    const running = this.loading.get(id);
    if (running) return running;
    const generation = this.generation;
    const promise = loader().then(
      (value) => {
        if (this.loading.get(id) === promise) this.loading.delete(id);
        if (value !== null && generation === this.generation && this.usable()) this.store(id, value);
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(id) === promise) this.loading.delete(id);
        throw err;
      },
    );
    this.loading.set(id, promise);
    return promise;
  }

  private store(id: number, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, { value, expires: Date.now() + ENTRY_TTL_MS });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  forget(ids?: readonly number[]): void {
    this.generation++;
    if (!ids) {
      this.entries.clear();
      this.loading.clear();
      return;
    }
    for (const id of ids) {
      this.entries.delete(id);
      this.loading.delete(id);
    }
  }
}

type Slot = { cache: SessionUserCache; listener?: Promise<Listener | null> };

/** On globalThis: Next loads this module more than once per process. */
const slots = ((globalThis as { __shopSessionUsers?: WeakMap<DbHandle, Slot> }).__shopSessionUsers ??= new WeakMap());

export function parsePayload(payload: string): number[] | undefined {
  if (payload.trim() === "*") return undefined;
  return payload
    .split(",")
    .map((s) => Number(s))
    .filter((n) => Number.isSafeInteger(n));
}

export function sessionUserCache<T>(handle: DbHandle): SessionUserCache<T> {
  let slot = slots.get(handle);
  if (!slot) {
    const cache = new SessionUserCache();
    slot = { cache };
    slots.set(handle, slot);
    if (handle.kind === "postgres") {
      if (!handle.url || !handle.onClose) {
        cache.setUsable(() => false); // no way to hear other instances: always ask the database
      } else {
        let listener: Listener | null = null;
        cache.setUsable(() => listener?.up === true);
        const url = handle.url;
        slot.listener = startListener(url, {
          onNotify: (payload) => cache.forget(parsePayload(payload)),
          onState: () => cache.forget(),
        }).then(
          (l) => {
            listener = l;
            cache.forget();
            return l;
          },
          (err: unknown) => {
            logger.warn("session cache: no LISTEN connection; sessions are checked in the database", { err });
            return null;
          },
        );
        const pending = slot.listener;
        handle.onClose((async () => (await pending)?.close()) as () => Promise<void>);
      }
    }
  }
  return slot.cache as SessionUserCache<T>;
}

export async function sessionListenerUp(handle: DbHandle): Promise<boolean> {
  sessionUserCache(handle);
  const listener = await slots.get(handle)?.listener;
  return listener?.up === true;
}

/** Call forgetSessionUsers after the commit too, in case a load stored the old row meanwhile. */
export async function announceSessionUsersChanged(tx: Tx | Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`select pg_notify(${SESSION_USERS_CHANNEL}, ${ids.join(",")})`);
  await forgetSessionUsers(ids);
}

export async function forgetSessionUsers(ids?: readonly number[]): Promise<void> {
  const handle = await peekDbHandle()?.catch(() => undefined);
  if (handle) slots.get(handle)?.cache.forget(ids);
}

export async function changingSessionUsers<R>(ids: readonly number[], write: (tx: Tx) => Promise<R>): Promise<R> {
  const handle = await getDbHandle();
  try {
    return await handle.db.transaction(async (tx) => {
      const result = await write(tx);
      await announceSessionUsersChanged(tx, ids);
      return result;
    });
  } finally {
    slots.get(handle)?.cache.forget(ids);
  }
}
