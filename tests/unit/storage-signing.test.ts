import { describe, expect, it } from "vitest";
import { EMPTY_PAYLOAD_SHA256, objectUrl, signRequest } from "@/lib/integrations/s3";
import {
  ACCESS_KEY_ID_FOR_SIGNING,
  AWS_EXAMPLE,
  AWS_GET_SIGNATURE,
  AWS_PUT_BODY,
  AWS_PUT_SIGNATURE,
  expectedSignature,
  sha256Hex,
} from "../helpers/storage";

describe("SigV4 against the spec's published examples", () => {
  it("the test's own verifier reproduces them (GET object with Range, PUT object with a $ in the key)", () => {
    const get = expectedSignature({
      secret: AWS_EXAMPLE.secretAccessKey,
      region: "us-east-1",
      method: "GET",
      target: "/test.txt",
      headers: {
        host: AWS_EXAMPLE.host,
        range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256,
        "x-amz-date": AWS_EXAMPLE.amzDate,
      },
      signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
      payloadHash: sha256Hex(""),
      amzDate: AWS_EXAMPLE.amzDate,
    });
    expect(get).toBe(AWS_GET_SIGNATURE);
    const put = expectedSignature({
      secret: AWS_EXAMPLE.secretAccessKey,
      region: "us-east-1",
      method: "PUT",
      target: "/test$file.text",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        host: AWS_EXAMPLE.host,
        "x-amz-content-sha256": sha256Hex(AWS_PUT_BODY),
        "x-amz-date": AWS_EXAMPLE.amzDate,
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      signedHeaders: ["date", "host", "x-amz-content-sha256", "x-amz-date", "x-amz-storage-class"],
      payloadHash: sha256Hex(AWS_PUT_BODY),
      amzDate: AWS_EXAMPLE.amzDate,
    });
    expect(put).toBe(AWS_PUT_SIGNATURE);
  });

  it("the adapter's signer reproduces them", async () => {
    const now = new Date("2013-05-24T00:00:00Z");
    const credentials = { accessKeyId: AWS_EXAMPLE.accessKeyId, secretAccessKey: AWS_EXAMPLE.secretAccessKey };
    const get = await signRequest({
      method: "GET",
      url: new URL(`https://${AWS_EXAMPLE.host}/test.txt`),
      headers: { Range: "bytes=0-9" },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: "us-east-1",
      credentials,
      now,
    });
    expect(get.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${AWS_GET_SIGNATURE}`,
    );
    expect(get["x-amz-date"]).toBe(AWS_EXAMPLE.amzDate);
    expect(get.host).toBeUndefined(); // derived from the URL by the HTTP client

    const put = await signRequest({
      method: "PUT",
      url: new URL(`https://${AWS_EXAMPLE.host}/test$file.text`),
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash: sha256Hex(AWS_PUT_BODY),
      region: "us-east-1",
      credentials,
      now,
    });
    expect(put.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=${AWS_PUT_SIGNATURE}`,
    );
  });
});

describe("SigV4 of the adapter's requests, re-verified independently", () => {
  const credentials = { accessKeyId: ACCESS_KEY_ID_FOR_SIGNING, secretAccessKey: "s3cr3t/with+symbols=" };
  const now = new Date("2026-03-01T12:34:56Z");

  async function verify(url: URL, region: string, method: string, headers: Record<string, string>, body: string) {
    const payloadHash = sha256Hex(body);
    const sent = await signRequest({ method, url, headers, payloadHash, region, credentials, now });
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        sent.authorization ?? "",
      );
    if (!auth) throw new Error(`malformed Authorization: ${sent.authorization}`);
    const [, keyId, day, signedRegion, signedList = "", signature] = auth;
    expect([keyId, day, signedRegion]).toEqual([credentials.accessKeyId, "20260301", region]);
    const signedHeaders = signedList.split(";");
    // Everything sent is signed (content-type included), host is signed as url.host and not sent.
    expect(signedHeaders).toEqual(["host", ...Object.keys(sent).filter((n) => n !== "authorization")].sort());
    expect(sent.host).toBeUndefined();
    expect(sent["x-amz-content-sha256"]).toBe(payloadHash);
    const expected = expectedSignature({
      secret: credentials.secretAccessKey,
      region,
      method,
      target: `${url.pathname}${url.search}`,
      headers: { ...sent, host: url.host },
      signedHeaders,
      payloadHash,
      amzDate: "20260301T123456Z",
    });
    expect(signature).toBe(expected);
  }

  it("R2: region auto, virtual-hosted URL on a custom endpoint, PUT with a content type", async () => {
    const url = objectUrl(
      { bucket: "shop-bucket", region: "auto", endpoint: "https://acct.r2.cloudflarestorage.com", forcePathStyle: false },
      "pre/images/a.webp",
    );
    await verify(url, "auto", "PUT", { "content-type": "image/webp" }, "webp bytes");
  });

  it("AWS default endpoint (virtual-hosted) and a path-style endpoint with a port and a base path", async () => {
    await verify(
      objectUrl({ bucket: "shop-bucket", region: "eu-central-1", forcePathStyle: false }, "images/a.webp"),
      "eu-central-1",
      "GET",
      {},
      "",
    );
    const behindProxy = objectUrl(
      { bucket: "shop-bucket", region: "us-east-1", endpoint: "http://127.0.0.1:9000/s3/", forcePathStyle: true },
      "images/b_c-1.png",
    );
    await verify(behindProxy, "us-east-1", "DELETE", {}, "");
  });

  it("keys with characters that need encoding are signed as S3 reads them", async () => {
    const url = objectUrl({ bucket: "shop-bucket", region: "eu-central-1", forcePathStyle: true }, "a dir/x$(1)*!~.png");
    await verify(url, "eu-central-1", "GET", {}, "");
  });
});

describe("object URLs", () => {
  const base = { bucket: "shop-bucket", region: "eu-central-1" };
  it("AWS default: virtual-hosted on the regional endpoint", () => {
    expect(objectUrl({ ...base, forcePathStyle: false }, "images/a.webp").href).toBe(
      "https://shop-bucket.s3.eu-central-1.amazonaws.com/images/a.webp",
    );
  });
  it("custom endpoint, path-style, keeping an endpoint path", () => {
    expect(objectUrl({ ...base, endpoint: "http://127.0.0.1:9000", forcePathStyle: true }, "images/a.webp").href).toBe(
      "http://127.0.0.1:9000/shop-bucket/images/a.webp",
    );
    expect(objectUrl({ ...base, endpoint: "https://proxy.example/s3/", forcePathStyle: true }, "a.webp").href).toBe(
      "https://proxy.example/s3/shop-bucket/a.webp",
    );
  });
  it("custom endpoint, virtual-hosted (e.g. R2 or a MinIO with domain names)", () => {
    expect(objectUrl({ ...base, endpoint: "https://acct.r2.cloudflarestorage.com", forcePathStyle: false }, "images/a.webp").href).toBe(
      "https://shop-bucket.acct.r2.cloudflarestorage.com/images/a.webp",
    );
  });
  it("encodes key segments per RFC 3986 and keeps the slashes", () => {
    expect(objectUrl({ ...base, forcePathStyle: true }, "a dir/x$(1)*!.png").pathname).toBe("/shop-bucket/a%20dir/x%24%281%29%2A%21.png");
  });
});
