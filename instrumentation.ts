/** Runs once when the server starts: opens (and on a fresh machine creates, migrates and seeds) the database. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Without the real client address every per-client limit is either a caller's choice or shared by all.
  const { clientAddressProblem, passwordCostProblem } = await import("./lib/env");
  const addressProblem = clientAddressProblem() ?? passwordCostProblem();
  if (addressProblem) {
    console.error(`Refusing to start: ${addressProblem}`);
    process.exit(1);
  }
  const { bootstrap } = await import("./lib/bootstrap");
  const started = Date.now();
  let handle;
  try {
    handle = await bootstrap();
  } catch (err) {
    // Next only logs a failed hook and would go on serving: a refused production start must stop.
    if (err instanceof Error && err.name === "StartRefusedError") {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log(`Database ready (${handle.kind}) in ${Date.now() - started} ms`);
  // Not in a build, which may load this hook to collect pages. The scheduler's first pass, right away, retries mail too.
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const { startSchedulerOnServerStart } = await import("./lib/services/scheduled-jobs/scheduler");
    if (startSchedulerOnServerStart()) return;
  }
  // Mail left over from before the start (due retries, mail a stopped server never sent): one pass, not awaited.
  void Promise.all([import("./lib/services/mail/delivery"), import("./lib/services/orders/core/events")])
    .then(([{ retryDueMail }, { recordMailOutcome }]) => retryDueMail(recordMailOutcome))
    .then(({ sent, failed }) => {
      if (sent + failed > 0) console.log(`Mail retry on start: ${sent} sent, ${failed} failed`);
    })
    .catch((err: unknown) => console.error("Mail retry on start failed", err));
}
