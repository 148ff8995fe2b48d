// `npm run bench` (`npm run bench -- --help` lists the options).
import { main } from "./http/main";

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
