export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, items: [1, 2, 3] });
}
