import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// An independent SigV4 from the verifier's side: it shares no code with lib/integrations/s3.ts.

export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmacSha256 = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

function awsUriEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

interface ToVerify {
  secret: string;
  region: string;
  method: string;
  target: string;
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  amzDate: string;
}

export function expectedSignature(r: ToVerify): string {
  const [rawPath = "", rawQuery = ""] = r.target.split("?", 2);
  const canonicalUri = rawPath
    .split("/")
    .map((segment) => awsUriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = rawQuery
    ? rawQuery
        .split("&")
        .map((pair) => {
          const [k = "", v = ""] = pair.split("=", 2);
          return `${awsUriEncode(decodeURIComponent(k))}=${awsUriEncode(decodeURIComponent(v))}`;
        })
        .sort()
        .join("&")
    : "";
  let canonicalHeaders = "";
  for (const name of r.signedHeaders) canonicalHeaders += `${name}:${(r.headers[name] ?? "").trim().replace(/ +/g, " ")}\n`;
  const canonicalRequest = `${r.method}\n${canonicalUri}\n${canonicalQuery}\n${canonicalHeaders}\n${r.signedHeaders.join(";")}\n${r.payloadHash}`;

  const day = r.amzDate.slice(0, 8);
  const stringToSign = `AWS4-HMAC-SHA256\n${r.amzDate}\n${day}/${r.region}/s3/aws4_request\n${sha256Hex(canonicalRequest)}`;
  let key = hmacSha256(`AWS4${r.secret}`, day);
  for (const part of [r.region, "s3", "aws4_request"]) key = hmacSha256(key, part);
  return createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
}

export const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  amzDate: "20130524T000000Z",
  host: "examplebucket.s3.amazonaws.com",
};
export const AWS_GET_SIGNATURE = "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41";
export const AWS_PUT_BODY = "Welcome to Amazon S3.";
export const AWS_PUT_SIGNATURE = "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd";
export const ACCESS_KEY_ID_FOR_SIGNING = "AKIDSIGNINGTEST";

export interface Recorded {
  method: string;
  target: string;
  rawHeaders: string[];
  body: Buffer;
}

export const BUCKET = "test-bucket";
export const REGION = "eu-test-1";
export const ACCESS_KEY_ID = "AKIDFAKES3TEST";
export const SECRET = `fake-secret/${randomBytes(12).toString("base64url")}+xyz`;

function s3ErrorXml(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: Recorded[] = [];
  readonly rejections: string[] = [];
  failNext: number | undefined;
  hangNext = false;
  /** What DELETE of a missing object answers: AWS says 204; some compatibles say 404. */
  missingDeleteStatus: 204 | 404 = 204;
  private server: http.Server | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private reject(res: http.ServerResponse, status: number, code: string, why: string): void {
    this.rejections.push(why);
    res.writeHead(status, { "content-type": "application/xml" }).end(s3ErrorXml(code));
  }

  private authProblem(req: http.IncomingMessage, body: Buffer): string | undefined {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(",") : value;
    };
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        header("authorization") ?? "",
      );
    if (!auth) return `malformed Authorization: ${header("authorization")}`;
    const [, accessKeyId, day, region, signedList = "", signature = ""] = auth;
    if (accessKeyId !== ACCESS_KEY_ID) return `unknown access key ${accessKeyId}`;
    if (region !== REGION) return `wrong region ${region}`;

    const amzDate = header("x-amz-date") ?? "";
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!when || amzDate.slice(0, 8) !== day) return `bad x-amz-date ${amzDate}`;
    const [, y, mo, d, h, mi, s] = when.map(Number);
    const skew = Math.abs(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - Date.now());
    if (skew > 15 * 60_000) return `x-amz-date too far from now: ${amzDate}`;

    const payloadHash = header("x-amz-content-sha256") ?? "";
    if (payloadHash !== sha256Hex(body)) return "x-amz-content-sha256 does not match the body";

    const signedHeaders = signedList.split(";");
    const mustSign = ["host", "x-amz-date", "x-amz-content-sha256", ...(req.method === "PUT" ? ["content-type"] : [])];
    for (const name of Object.keys(req.headers)) if (name.startsWith("x-amz-")) mustSign.push(name);
    for (const name of mustSign) if (!signedHeaders.includes(name)) return `header ${name} is not signed`;
    if ([...signedHeaders].sort().join(";") !== signedList) return "SignedHeaders not sorted";

    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = header(name) ?? "";
    const expected = expectedSignature({
      secret: SECRET,
      region,
      method: req.method ?? "",
      target: req.url ?? "",
      headers,
      signedHeaders,
      payloadHash,
      amzDate,
    });
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return "SignatureDoesNotMatch";
    return undefined;
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    this.requests.push({ method: req.method ?? "", target: req.url ?? "", rawHeaders: req.rawHeaders, body });
    if (this.hangNext) {
      this.hangNext = false;
      return; // never answer
    }
    const problem = this.authProblem(req, body);
    if (problem) return this.reject(res, 403, problem === "SignatureDoesNotMatch" ? problem : "AccessDenied", problem);
    if (this.failNext) {
      const status = this.failNext;
      this.failNext = undefined;
      res.writeHead(status, { "content-type": "application/xml" }).end(s3ErrorXml("InternalError"));
      return;
    }

    // Path-style addressing only: Host is the endpoint itself, the bucket is the first path segment.
    if (req.headers.host !== `127.0.0.1:${this.port}`)
      return this.reject(res, 400, "InvalidRequest", `not path-style: host ${req.headers.host}`);
    const target = new URL(req.url ?? "/", this.endpoint);
    const [, bucket = "", ...keyParts] = target.pathname.split("/");
    if (bucket !== BUCKET) {
      res.writeHead(404, { "content-type": "application/xml" }).end(s3ErrorXml("NoSuchBucket"));
      return;
    }
    const key = keyParts.map(decodeURIComponent).join("/");
    if (!key) return this.reject(res, 400, "InvalidRequest", "no object key");

    const stored = this.objects.get(key);
    switch (req.method) {
      case "PUT":
        this.objects.set(key, { body, contentType: req.headers["content-type"] ?? "" });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
        return;
      case "GET":
        if (!stored) {
          res.writeHead(404, { "content-type": "application/xml" }).end(s3ErrorXml("NoSuchKey"));
          return;
        }
        res.writeHead(200, { "content-type": stored.contentType, "content-length": stored.body.length }).end(stored.body);
        return;
      case "DELETE":
        this.objects.delete(key);
        res
          .writeHead(stored ? 204 : this.missingDeleteStatus)
          .end(stored || this.missingDeleteStatus === 204 ? undefined : s3ErrorXml("NoSuchKey"));
        return;
      default:
        this.reject(res, 405, "MethodNotAllowed", `method ${req.method}`);
    }
  }
}
