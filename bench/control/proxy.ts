import { NextResponse } from "next/server";

/**
 * The control app's own proxy, which never runs (its matcher names no real path): without a proxy and
 * an instrumentation file of its own, Turbopack (root = the repository) builds the shop's root
 * proxy.ts and instrumentation.ts into the control app.
 */
export function proxy(): NextResponse {
  return NextResponse.next();
}

export const config = { matcher: ["/__control-proxy-never-matches"] };
