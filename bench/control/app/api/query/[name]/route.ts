// The query-alone floor of `npm run bench`: SQL from CONTROL_QUERIES, no session, no mapping.
export const dynamic = "force-dynamic";

type Run = (text: string, param: number) => Promise<unknown[]>;

const queries: Record<string, string> = JSON.parse(process.env.CONTROL_QUERIES ?? "{}");
let runner: Promise<Run> | undefined;

async function open(): Promise<Run> {
  const url = process.env.CONTROL_DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const sql = postgres(url, { max: 10, onnotice: () => {} });
    return (text, param) => sql.unsafe(text, [param], { prepare: true });
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir: process.env.CONTROL_PGLITE_DIR });
  return async (text, param) => (await db.query(text, [param])).rows;
}

export async function GET(req: Request, { params }: { params: Promise<{ name: string }> }) {
  const text = queries[(await params).name];
  const param = Number(new URL(req.url).searchParams.get("p"));
  if (!text || !Number.isInteger(param)) return new Response("not found", { status: 404 });
  runner ??= open();
  return Response.json(await (await runner)(text, param));
}
