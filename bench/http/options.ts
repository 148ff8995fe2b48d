export interface Options {
  runs: number;
  durationS: number;
  warmupS: number;
  settleS: number;
  quick: boolean;
  pgUrl: string | undefined;
  build: boolean;
  only: string | undefined;
  port: number;
}

export const USAGE = `Usage: npm run bench -- [--runs N] [--duration S] [--quick] [--pg] [--no-build] [--only TEXT] [--port P]
  --runs N        interleaved rounds per measurement (default 3)
  --duration S    wrk seconds per measurement and round (default 10)
  --quick         smoke check: 1 round, 3 s per measurement, 10 s memory wait instead of 60 s
  --pg            a fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
  --no-build      use the existing .next builds of the shop and of bench/control
  --only TEXT     only the rows whose label contains TEXT
  --port P        the shop listens on P, the control on P+1 (default 3100)`;

const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  const opts: Options = {
    runs: 3,
    durationS: 10,
    warmupS: 3,
    settleS: 60,
    quick: false,
    pgUrl: env.BENCH_DATABASE_URL || undefined,
    build: true,
    only: undefined,
    port: 3100,
  };
  let runsGiven = false;
  let durationGiven = false;
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value\n${USAGE}`);
    return v;
  };
  const positiveInt = (v: string, flag: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag}: a positive whole number, not "${v}"`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case "--runs":
        opts.runs = positiveInt(value(i++, arg), arg);
        runsGiven = true;
        break;
      case "--duration":
        opts.durationS = positiveInt(value(i++, arg), arg);
        durationGiven = true;
        break;
      case "--quick":
        opts.quick = true;
        break;
      case "--pg":
        opts.pgUrl ??= DEFAULT_PG;
        break;
      case "--no-build":
        opts.build = false;
        break;
      case "--only":
        opts.only = value(i++, arg).toLowerCase();
        break;
      case "--port":
        opts.port = positiveInt(value(i++, arg), arg);
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option ${arg}\n${USAGE}`);
    }
  }
  if (opts.quick) {
    if (!runsGiven) opts.runs = 1;
    if (!durationGiven) opts.durationS = 3;
    opts.warmupS = 1;
    opts.settleS = 10;
  }
  return opts;
}
