/**
 * The client address as seen by the nearest trusted proxy, the key of every per-client limit.
 *
 * With TRUSTED_PROXY_COUNT=n the n-th entry from the right of X-Forwarded-For is used: entries a
 * client adds itself stand further left, so a spoofed header cannot choose the address that is
 * counted. `npm start` (scripts/server.mjs) appends the socket's peer address itself, so the
 * default of one trusted hop holds by construction; docs/operations.md "Client address" has the counts for
 * Vercel, nginx and Cloudflare. X-Real-IP is never read: without a proxy that sets it, the caller
 * writes it. With 0 (or no usable entry) every caller shares the one key "unknown".
 *
 * IPv4-mapped IPv6 addresses count as the IPv4 address; other IPv6 addresses count per /64 (one
 * subscriber usually gets a whole /64, so per-address limits would not limit anyone).
 */
export function clientIp(req: Request, trustedProxies: number): string {
  if (trustedProxies <= 0) return UNKNOWN;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const entry = forwarded[Math.max(0, forwarded.length - trustedProxies)];
  return (entry !== undefined && normaliseAddress(entry)) || UNKNOWN;
}

const UNKNOWN = "unknown";

/**
 * An address as the key it is counted under: IPv4 as dotted quad (a `:port` suffix dropped), IPv6
 * as its /64 network "a:b:c:d::/64" (brackets, port and zone dropped), IPv4-mapped IPv6 as IPv4;
 * null for anything that is not an address.
 */
export function normaliseAddress(raw: string): string | null {
  let s = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed?.[1]) s = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  if (!s.includes(":")) return ipv4(s) ? s : null;
  const hextets = ipv6(s.replace(/%.*$/, ""));
  if (!hextets) return null;
  const mapped = hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = hextets.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

function ipv4(s: string): number[] | null {
  const parts = s.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address ("::" expanded, an IPv4 tail converted), or null. */
function ipv6(s: string): number[] | null {
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const items = part.split(":");
    for (const [i, item] of items.entries()) {
      if (i === items.length - 1 && item.includes(".")) {
        const v4 = ipv4(item);
        if (!v4) return null;
        const [a = 0, b = 0, c = 0, d = 0] = v4;
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(item)) {
        out.push(parseInt(item, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  // An IPv4 tail in the head ("1.2.3.4::") is not an address.
  if (halves[0]?.includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/**
 * The wider network a client key belongs to, for limits that a new address is cheap to dodge
 * (registration, sign-in, generation): an IPv6 /64 key becomes its /48, since one subscriber is
 * commonly handed a whole /48 and can change /64s at will. IPv4 keys and "unknown" stay as they are.
 */
export function clientNetwork(key: string): string {
  const v6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(key);
  return v6 ? `${v6[1]}:${v6[2]}:${v6[3]}::/48` : key;
}
