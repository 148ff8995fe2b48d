/**
 * `npm run bench`: the server-side figures: the shop's production build side by side with
 * the control app in bench/control (bench/http/, bench/README.md). `npm run bench -- --help` lists the
 * options. The in-process handler timings are `npm run bench:handlers` (bench/handlers.ts).
 */
import { main } from "./http/main";

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
