import { describe, expect, it } from "vitest";
import { clientIp, clientNetwork, normaliseAddress } from "@/lib/request-context/client-ip";

const req = (headers: Record<string, string>) => new Request("http://localhost/api/x", { headers });

describe("clientIp: which X-Forwarded-For entry is counted", () => {
  const cases: { title: string; headers: Record<string, string>; trusted: number; expected: string }[] = [
    {
      title: "one trusted proxy: the right-most X-Forwarded-For entry",
      headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.9" },
      trusted: 1,
      expected: "203.0.113.9",
    },
    { title: "one trusted proxy, a single entry", headers: { "x-forwarded-for": "203.0.113.9" }, trusted: 1, expected: "203.0.113.9" },
    {
      title: "two trusted proxies: the second entry from the right",
      headers: { "x-forwarded-for": "1.1.1.1, 198.51.100.1, 203.0.113.9" },
      trusted: 2,
      expected: "198.51.100.1",
    },
    {
      title: "more trusted proxies than entries: the left-most entry",
      headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.9" },
      trusted: 5,
      expected: "198.51.100.1",
    },
    {
      title: "spoofed entries on the left do not change the counted address",
      headers: { "x-forwarded-for": "10.0.0.1, 10.0.0.2, 10.0.0.3, 203.0.113.9" },
      trusted: 1,
      expected: "203.0.113.9",
    },
    {
      title: "empty entries and whitespace are ignored",
      headers: { "x-forwarded-for": " , 198.51.100.1 ,, 203.0.113.9 , " },
      trusted: 1,
      expected: "203.0.113.9",
    },
    { title: "no headers at all: unknown", headers: {}, trusted: 1, expected: "unknown" },
    { title: "an X-Forwarded-For of only separators: unknown", headers: { "x-forwarded-for": " , , " }, trusted: 1, expected: "unknown" },
    {
      title: "a counted entry that is no address at all: unknown (one shared bucket, not one per string)",
      headers: { "x-forwarded-for": "203.0.113.9, not-an-ip" },
      trusted: 1,
      expected: "unknown",
    },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(clientIp(req(c.headers), c.trusted)).toBe(c.expected);
    });
  }
});

describe("clientIp: a caller-controlled X-Real-IP is never used", () => {
  it("without X-Forwarded-For, X-Real-IP does not name the client", () => {
    expect(clientIp(req({ "x-real-ip": "192.0.2.7" }), 1)).toBe("unknown");
  });

  it("with TRUSTED_PROXY_COUNT=0, neither X-Forwarded-For nor X-Real-IP names the client", () => {
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "192.0.2.7" }), 0)).toBe("unknown");
  });

  it("with X-Forwarded-For present, X-Real-IP changes nothing", () => {
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "192.0.2.7" }), 1)).toBe("203.0.113.9");
  });
});

describe("clientIp: IPv6 is counted per /64", () => {
  it("two addresses of one /64 are one client", () => {
    const a = clientIp(req({ "x-forwarded-for": "2001:db8:1:2:aaaa:bbbb:cccc:dddd" }), 1);
    const b = clientIp(req({ "x-forwarded-for": "2001:db8:1:2::1" }), 1);
    expect(a).toBe("2001:db8:1:2::/64");
    expect(b).toBe(a);
  });

  it("addresses of neighbouring /64 networks are different clients", () => {
    expect(clientIp(req({ "x-forwarded-for": "2001:db8:1:3::1" }), 1)).toBe("2001:db8:1:3::/64");
  });

  it("an IPv4-mapped IPv6 address is the IPv4 address (a dual-stack socket reports IPv4 clients so)", () => {
    expect(clientIp(req({ "x-forwarded-for": "::ffff:203.0.113.9" }), 1)).toBe("203.0.113.9");
    expect(clientIp(req({ "x-forwarded-for": "::FFFF:cb00:7109" }), 1)).toBe("203.0.113.9");
  });
});

describe("normaliseAddress", () => {
  const cases: [string, string | null][] = [
    ["203.0.113.9", "203.0.113.9"],
    ["203.0.113.9:51234", "203.0.113.9"],
    ["2001:0DB8:0000:0000:0001:0002:0003:0004", "2001:db8:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:a:b::9]", "2001:db8:a:b::/64"],
    ["[2001:db8:a:b::9]:443", "2001:db8:a:b::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["0:0:0:0:0:ffff:7f00:1", "127.0.0.1"],
    ["", null],
    ["unknown", null],
    ["256.1.1.1", null],
    ["1.2.3", null],
    ["01.2.3.4", null],
    ["2001:db8:::1", null],
    ["2001:db8::1::2", null],
    ["1:2:3:4:5:6:7:8:9", null],
    ["1:2:3:4:5:6:7", null],
    ["12345::1", null],
    ["g::1", null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => {
      expect(normaliseAddress(input)).toBe(expected);
    });
  }
});

describe("clientNetwork: IPv6 clients count per /48 where addresses are cheap to change", () => {
  const key = (ip: string) => clientNetwork(clientIp(new Request("http://x/", { headers: { "x-forwarded-for": ip } }), 1));
  it("two /64 networks of one /48 are one client", () => {
    expect(key("2001:db8:1:aaaa::1")).toBe(key("2001:db8:1:bbbb::2"));
    expect(key("2001:db8:1:aaaa::1")).toBe("2001:db8:1::/48");
  });
  it("neighbouring /48 networks stay apart", () => {
    expect(key("2001:db8:1::1")).not.toBe(key("2001:db8:2::1"));
  });
  it("IPv4 addresses and the unknown key are unchanged", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
