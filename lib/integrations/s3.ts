/**
 * A minimal client for S3-compatible object stores (AWS S3, MinIO, Cloudflare R2, …): PUT, GET and
 * DELETE of single objects, signed with AWS Signature Version 4 using node:crypto only.
 *
 * Why not the AWS SDK: three calls on small objects need one signing function, while the SDK adds a
 * large dependency tree to the server bundle. The signing follows the S3 specification
 * ("Authenticating Requests: Using the Authorization Header", single-chunk payload):
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 * and is checked in tests against the published example signatures.
 *
 * Keys given to this module are raw object keys (the caller validates them); the secret key is used
 * only to derive the signing key and never leaves this module (not in URLs, headers or errors).
 */
import { createHash, createHmac } from "node:crypto";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Config extends S3Credentials {
  bucket: string;
  /** Signing region, e.g. "eu-central-1"; R2 uses "auto", MinIO usually "us-east-1". */
  region: string;
  /** Custom endpoint such as http://127.0.0.1:9000; unset → https://s3.<region>.amazonaws.com. */
  endpoint?: string;
  /** true → http(s)://endpoint/bucket/key; false → http(s)://bucket.endpoint/key (virtual-hosted). */
  forcePathStyle: boolean;
  /** Per-request deadline (default 30 s); the request is aborted after it. */
  timeoutMs?: number;
}

/** A non-success answer from the object store. Carries the HTTP status and the S3 error code when present. */
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

const ALGORITHM = "AWS4-HMAC-SHA256";
const SERVICE = "s3";
const DEFAULT_TIMEOUT_MS = 30_000;

function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** x-amz-content-sha256 of a request without a body. */
export const EMPTY_PAYLOAD_SHA256 = sha256Hex("");

/**
 * URI-encodes per RFC 3986 as SigV4 requires: everything except A-Z a-z 0-9 - . _ ~ becomes %XX
 * (upper-case hex). encodeURIComponent also leaves ! ' ( ) * alone, so those are escaped here.
 */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The URL of one object, path-style or virtual-hosted-style. Each key segment is encoded; "/" stays. */
export function objectUrl(config: Pick<S3Config, "bucket" | "region" | "endpoint" | "forcePathStyle">, objectKey: string): URL {
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, ""); // an endpoint may sit under a path behind a proxy
  const keyPath = objectKey.split("/").map(encodeRfc3986).join("/");
  return config.forcePathStyle
    ? new URL(`${base.origin}${basePath}/${encodeRfc3986(config.bucket)}/${keyPath}`)
    : new URL(`${base.protocol}//${config.bucket}.${base.host}${basePath}/${keyPath}`);
}

/** 20130524T000000Z: ISO 8601 basic format in UTC, no milliseconds. */
function amzDateOf(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Further headers to send and sign (e.g. content-type). host, x-amz-date and x-amz-content-sha256 are added. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_PAYLOAD_SHA256 without one). */
  payloadHash: string;
  region: string;
  credentials: S3Credentials;
  now: Date;
}

/**
 * Signs a request with AWS Signature Version 4 and answers the headers to send: the given ones plus
 * x-amz-date, x-amz-content-sha256 and authorization. Host is signed but not returned — the HTTP
 * client derives it from the URL, and the signed value is exactly url.host (port included when not default).
 */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = amzDateOf(input.now);
  const scope = `${amzDate.slice(0, 8)}/${input.region}/${SERVICE}/aws4_request`;

  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) sent[name.toLowerCase()] = value;
  sent["x-amz-date"] = amzDate;
  sent["x-amz-content-sha256"] = input.payloadHash;
  const signed: [string, string][] = [...Object.entries(sent), ["host", input.url.host]];
  signed.sort(([a], [b]) => byCodePoint(a, b));

  // 1. Canonical request: method, canonical URI, canonical query, canonical headers, signed header names, payload hash.
  //    The URI path is re-encoded segment by segment (S3 encodes once, never twice, and keeps "/").
  const canonicalUri = input.url.pathname
    .split("/")
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...input.url.searchParams]
    .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`)
    .sort(byCodePoint)
    .join("&");
  // Header values: trimmed, inner runs of spaces collapsed to one.
  const canonicalHeaders = signed.map(([name, value]) => `${name}:${value.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = signed.map(([name]) => name).join(";");
  const canonicalRequest = [input.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, input.payloadHash].join("\n");

  // 2. String to sign: algorithm, request time, credential scope, hash of the canonical request.
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join("\n");

  // 3. Signing key: HMAC chain over date, region, service and the terminator, keyed by "AWS4" + secret.
  const dateKey = hmac(`AWS4${input.credentials.secretAccessKey}`, amzDate.slice(0, 8));
  const signingKey = hmac(hmac(hmac(dateKey, input.region), SERVICE), "aws4_request");

  // 4. Signature and Authorization header.
  const signature = createHmac("sha256", signingKey).update(stringToSign, "utf8").digest("hex");
  sent.authorization = `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return sent;
}

/** The Buffer's bytes as fetch's body type (a view, no copy, unless the Buffer sits on a SharedArrayBuffer). */
function asBodyBytes(body: Buffer): Uint8Array<ArrayBuffer> {
  return body.buffer instanceof ArrayBuffer ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(body);
}

/** The <Code> of an S3 XML error body, if any (e.g. NoSuchKey, NoSuchBucket, SignatureDoesNotMatch). */
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

  /** The object's bytes, or null when it does not exist (404 NoSuchKey). A missing bucket is an error, not null. */
  async getObject(objectKey: string): Promise<Buffer | null> {
    const res = await this.send("GET", objectKey);
    if (res.ok) return Buffer.from(await res.arrayBuffer());
    const error = await this.failure("GET", objectKey, res);
    if (res.status === 404 && error.code !== "NoSuchBucket") return null;
    // Note: without s3:ListBucket permission AWS answers 403 (not 404) for a missing key; that surfaces as an error.
    throw error;
  }

  /** Idempotent: deleting a missing object succeeds (S3 answers 204 anyway; some compatibles answer 404). */
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

  private async send(method: "PUT" | "GET" | "DELETE", objectKey: string, payload?: { body: Buffer; contentType: string }): Promise<Response> {
    const url = objectUrl(this.config, objectKey);
    const headers = signRequest({
      method,
      url,
      headers: payload ? { "content-type": payload.contentType } : {},
      payloadHash: payload ? sha256Hex(payload.body) : EMPTY_PAYLOAD_SHA256,
      region: this.config.region,
      credentials: this.config,
      now: new Date(),
    });
    try {
      return await fetch(url, {
        method,
        headers,
        body: payload ? asBodyBytes(payload.body) : undefined,
        // A redirect (wrong region, misconfigured endpoint) is an error: following it would resend the
        // Authorization header to another host, and the signature covers the original host anyway.
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
    return new S3Error(`S3 ${method} ${this.config.bucket}/${objectKey} failed: HTTP ${res.status}${code ? ` ${code}` : ""}`, res.status, code);
  }
}
