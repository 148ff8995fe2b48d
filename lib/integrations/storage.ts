import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { dataDir, env } from "@/lib/env";
import { S3Client, type S3Config } from "./s3";

export interface StorageAdapter {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Unsafe storage key: ${key}`);
}

export function newStorageKey(prefix: string, extension: string): string {
  return `${prefix}/${randomUUID()}.${extension}`;
}

export class LocalStorage implements StorageAdapter {
  readonly kind = "local" as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}

/** Keys are validated as for the local folder, so both adapters accept and refuse the same keys. */
export class S3Storage implements StorageAdapter {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(config: S3Config & { prefix?: string }) {
    this.client = new S3Client(config);
    const trimmed = (config.prefix ?? "").replace(/^\/+|\/+$/g, "");
    this.prefix = trimmed ? `${trimmed}/` : "";
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.objectKey(key), body, contentType);
  }

  async get(key: string): Promise<Buffer | null> {
    return this.client.getObject(this.objectKey(key));
  }

  async delete(key: string): Promise<void> {
    await this.client.deleteObject(this.objectKey(key));
  }
}

function storageFromEnv(): StorageAdapter {
  const e = env();
  if (e.S3_BUCKET) {
    if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
      throw new Error("Invalid environment: S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required");
    }
    return new S3Storage({
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      prefix: e.S3_PREFIX,
    });
  }
  return new LocalStorage(process.env.STORAGE_DIR ? path.resolve(process.env.STORAGE_DIR) : path.join(dataDir(), "storage"));
}

// A globalThis singleton: Next may load this module several times in one process.
const holder = ((globalThis as { __shopStorage?: { adapter?: StorageAdapter } }).__shopStorage ??= {});

export function getStorage(): StorageAdapter {
  return (holder.adapter ??= storageFromEnv());
}

export function resetStorage(): void {
  holder.adapter = undefined;
}
