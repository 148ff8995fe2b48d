/**
 * The client address as seen by the nearest trusted proxy. With TRUSTED_PROXY_COUNT=n the n-th entry
 * from the right of X-Forwarded-For is used: entries a client adds itself stand further left, so
 * a spoofed header cannot choose the address that is counted.
 */
export function clientIp(req: Request, trustedProxies: number): string {
  const forwarded = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (trustedProxies > 0 && forwarded.length > 0) {
    return forwarded[Math.max(0, forwarded.length - trustedProxies)] ?? "unknown";
  }
  return req.headers.get("x-real-ip")?.trim() || "unknown";
}
