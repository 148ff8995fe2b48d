/** Signed by aws4fetch, not the AWS SDK, whose dependency tree is large for three calls. */
import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Config extends S3Credentials {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  timeoutMs?: number;
}

export class S3Error extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "S3Error";
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

export const EMPTY_PAYLOAD_SHA256 = sha256Hex("");

/** encodeURIComponent leaves ! ' ( ) * alone, which RFC 3986 escapes. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function objectUrl(config: Pick<S3Config, "bucket" | "region" | "endpoint" | "forcePathStyle">, objectKey: string): URL {
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, ""); // an endpoint may sit under a path behind a proxy
  const keyPath = objectKey.split("/").map(encodeRfc3986).join("/");
  return config.forcePathStyle
    ? new URL(`${base.origin}${basePath}/${encodeRfc3986(config.bucket)}/${keyPath}`)
    : new URL(`${base.protocol}//${config.bucket}.${base.host}${basePath}/${keyPath}`);
}

export interface SignInput {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  /** The payload is always signed, never UNSIGNED-PAYLOAD. */
  payloadHash: string;
  region: string;
  credentials: S3Credentials;
  now: Date;
}

export async function signRequest(input: SignInput): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.href,
    headers: { ...input.headers, "x-amz-content-sha256": input.payloadHash },
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    service: "s3",
    region: input.region,
    datetime: input.now.toISOString().replace(/[:-]|\.\d{3}/g, ""),
    allHeaders: true,
  });
  const { headers } = await signer.sign();
  return Object.fromEntries(headers);
}

function asBodyBytes(body: Buffer): Uint8Array<ArrayBuffer> {
  return body.buffer instanceof ArrayBuffer ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(body);
}

function errorCode(body: string): string | undefined {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
}

export class S3Client {
  private readonly timeoutMs: number;

  constructor(private readonly config: S3Config) {
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async putObject(objectKey: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.send("PUT", objectKey, { body, contentType });
    if (!res.ok) throw await this.failure("PUT", objectKey, res);
    await res.body?.cancel();
  }

  async getObject(objectKey: string): Promise<Buffer | null> {
    const res = await this.send("GET", objectKey);
    if (res.ok) return Buffer.from(await res.arrayBuffer());
    const error = await this.failure("GET", objectKey, res);
    if (res.status === 404 && error.code !== "NoSuchBucket") return null;
    // Without s3:ListBucket permission AWS answers 403, not 404, for a missing key.
    throw error;
  }

  /** Idempotent: some S3 compatibles answer 404 for a missing object. */
  async deleteObject(objectKey: string): Promise<void> {
    const res = await this.send("DELETE", objectKey);
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    const error = await this.failure("DELETE", objectKey, res);
    if (res.status === 404 && error.code !== "NoSuchBucket") return;
    throw error;
  }

  private async send(
    method: "PUT" | "GET" | "DELETE",
    objectKey: string,
    payload?: { body: Buffer; contentType: string },
  ): Promise<Response> {
    const url = objectUrl(this.config, objectKey);
    try {
      const headers = await signRequest({
        method,
        url,
        headers: payload ? { "content-type": payload.contentType } : {},
        payloadHash: payload ? sha256Hex(payload.body) : EMPTY_PAYLOAD_SHA256,
        region: this.config.region,
        credentials: this.config,
        now: new Date(),
      });
      // Sent with our own fetch (not AwsClient.fetch): no silent retries, no redirects, a deadline.
      return await fetch(url, {
        method,
        headers,
        body: payload ? asBodyBytes(payload.body) : undefined,
        // A redirect would resend the Authorization header to another host.
        redirect: "manual",
        cache: "no-store", // keep Next's fetch cache out of it
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      throw new Error(`S3 ${method} ${this.config.bucket}/${objectKey}: request failed`, { cause });
    }
  }

  private async failure(method: string, objectKey: string, res: Response): Promise<S3Error> {
    const code = errorCode(await res.text().catch(() => ""));
    return new S3Error(
      `S3 ${method} ${this.config.bucket}/${objectKey} failed: HTTP ${res.status}${code ? ` ${code}` : ""}`,
      res.status,
      code,
    );
  }
}
