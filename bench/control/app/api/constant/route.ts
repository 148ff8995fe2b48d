/** The constant route handler: a small JSON answer computed from nothing, rendered per request. */
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, items: [1, 2, 3] });
}
