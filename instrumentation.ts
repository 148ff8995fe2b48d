/** Runs once when the server starts: opens (and on a fresh machine creates, migrates and seeds) the database. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootstrap } = await import("./lib/bootstrap");
  const started = Date.now();
  const handle = await bootstrap();
  console.log(`Database ready (${handle.kind}) in ${Date.now() - started} ms`);
}
