import { describe, expect, it } from "vitest";
import { originOf, resolveShopImageUrl } from "@/lib/services/images/shop-url";

const OWN = ["http://localhost:3000", "https://shop.example"];
const KEY = "Ab3_-xYz0123456789abcdefghijklmnopqrstuvwxy"; // 43 base64url characters, like newAccessKey()

describe("resolveShopImageUrl – accepted: this shop's own image URLs", () => {
  const accepted: [string, { id: number; key: string | null }][] = [
    ["/api/images/1", { id: 1, key: null }],
    ["/api/images/42", { id: 42, key: null }],
    ["/api/images/2147483647", { id: 2147483647, key: null }],
    [`/api/images/7?key=${KEY}`, { id: 7, key: KEY }],
    ["http://localhost:3000/api/images/5", { id: 5, key: null }],
    ["HTTP://LOCALHOST:3000/api/images/5", { id: 5, key: null }],
    ["https://shop.example/api/images/9", { id: 9, key: null }],
    [`https://shop.example/api/images/9?key=${KEY}`, { id: 9, key: KEY }],
  ];
  for (const [url, ref] of accepted) {
    it(`${url} → image ${ref.id}${ref.key ? " with key" : ""}`, () => {
      expect(resolveShopImageUrl(url, OWN)).toEqual(ref);
    });
  }
});

describe("resolveShopImageUrl – refused: everything else", () => {
  const refused = [
    "http://evil.example/api/images/1",
    "http://localhost.evil.example/api/images/1",
    "http://localhost/api/images/1", // port 80, not 3000
    "http://localhost:3001/api/images/1",
    "https://localhost:3000/api/images/1",
    "http://shop.example/api/images/1", // http, the shop is https
    "http://shop.example.evil.example/api/images/1",
    "ftp://localhost:3000/api/images/1",
    "ws://localhost:3000/api/images/1",
    "file:///etc/passwd",
    "file://localhost:3000/api/images/1",
    "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ",
    "javascript:alert(1)//api/images/1",
    "blob:http://localhost:3000/api/images/1",
    "http:/localhost:3000/api/images/1",
    "http:localhost:3000/api/images/1",
    "//localhost:3000/api/images/1",
    "///api/images/1",
    "http://127.0.0.1/api/images/1",
    "http://127.0.0.1:3000/api/images/1",
    "http://127.1:3000/api/images/1",
    "http://2130706433:3000/api/images/1",
    "http://0x7f000001:3000/api/images/1",
    "http://0177.0.0.1:3000/api/images/1",
    "http://0.0.0.0:3000/api/images/1",
    "http://[::1]:3000/api/images/1",
    "http://[::ffff:127.0.0.1]:3000/api/images/1",
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.169.254/api/images/1",
    "http://metadata.google.internal/api/images/1",
    "http://10.0.0.1/api/images/1",
    "http://172.16.0.1/api/images/1",
    "http://192.168.1.1/api/images/1",
    "http://[fd00::1]/api/images/1",
    "http://localhost:3000./api/images/1",
    "http://localhost.:3000/api/images/1",
    "https://shop.example:443/api/images/1",
    "http://localhost:3000@evil.example/api/images/1",
    "http://evil.example@localhost:3000/api/images/1",
    "http://user:pass@localhost:3000/api/images/1",
    "http://evil.example#@localhost:3000/api/images/1",
    "http://evil.example\\@localhost:3000/api/images/1",
    "http://localhost:3000\\@evil.example/api/images/1",
    "\\api\\images\\1",
    "/api\\images\\1",
    "/\\evil.example/api/images/1",
    "http://localhost:3000\\api\\images\\1",
    "/api/images/%31",
    "/api/images/%2e%2e/1",
    "/api/images/..%2f1",
    "/api/%69mages/1",
    "/api/images/1/../2",
    "/api/images/./1",
    "/api/images/../images/1",
    "http://localhost:3000/api/images/1/../2",
    "http://localhost:3000/api/images/%2e%2e/1",
    "/api/images/1/",
    "/api/images",
    "/api/images/",
    "/API/images/1",
    "api/images/1",
    "./api/images/1",
    "/api/images/1/download",
    "/api/admin/images/1/download",
    "/api/auth/login?next=/api/images/1",
    "/api/images/0",
    "/api/images/01",
    "/api/images/-1",
    "/api/images/+1",
    "/api/images/1.0",
    "/api/images/1e3",
    "/api/images/0x10",
    "/api/images/abc",
    "/api/images/2147483648",
    "/api/images/99999999999",
    "/api/images/1?",
    "/api/images/1?x=1",
    "/api/images/1?key=",
    "/api/images/1?KEY=abc",
    "/api/images/1?key=abc&x=1",
    "/api/images/1?x=1&key=abc",
    "/api/images/1?key=abc?key=def",
    "/api/images/1?key=a+b",
    "/api/images/1?key=a.b",
    `/api/images/1?key=${"k".repeat(101)}`,
    "/api/images/1?redirect=http://169.254.169.254/",
    "/api/images/1#x",
    "/api/images/1#",
    "",
    " /api/images/1",
    "/api/images/1 ",
    "/api/images/ 1",
    "/api/images/1\n",
    "/api/images/1\t",
    "/api/images/1\u0000",
    "\u200b/api/images/1",
    "http://ｌocalhost:3000/api/images/1",
    "http://localhost:3000/api/images/１",
  ];
  for (const url of refused) {
    it(`${JSON.stringify(url)} → null`, () => {
      expect(resolveShopImageUrl(url, OWN)).toBeNull();
    });
  }

  it("no own origin configured: only the relative form is accepted", () => {
    expect(resolveShopImageUrl("/api/images/3", [])).toEqual({ id: 3, key: null });
    expect(resolveShopImageUrl("http://localhost:3000/api/images/3", [])).toBeNull();
    expect(resolveShopImageUrl("http://localhost:3000/api/images/3", ["not a url", "file:///x"])).toBeNull();
  });
});

describe("originOf", () => {
  it("gives the origin of http(s) URLs and null for anything else", () => {
    expect(originOf("https://Shop.Example:443/some/path?q=1")).toBe("https://shop.example");
    expect(originOf("http://localhost:3000")).toBe("http://localhost:3000");
    for (const value of [undefined, null, "", "shop.example", "file:///etc", "javascript:alert(1)", "ftp://x"]) {
      expect(originOf(value), String(value)).toBeNull();
    }
  });
});
