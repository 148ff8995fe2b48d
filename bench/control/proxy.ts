import { NextResponse } from "next/server";

// Never runs; without it Turbopack builds the shop's root proxy.ts into the control app.
export function proxy(): NextResponse {
  return NextResponse.next();
}

export const config = { matcher: ["/__control-proxy-never-matches"] };
