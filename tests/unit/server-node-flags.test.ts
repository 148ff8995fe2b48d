import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import serverNodeFlags from "../../scripts/server-node-flags.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("the server's Node flags (scripts/server-node-flags.json)", () => {
  it("are the ones npm start and npm run demo pass (the browser tests and benchmarks read the file)", () => {
    expect(serverNodeFlags.some((flag) => flag.startsWith("--max-old-space-size="))).toBe(true);
    for (const name of ["start", "demo"])
      expect(pkg.scripts[name] ?? "", name).toContain(`node ${serverNodeFlags.join(" ")} scripts/server.mjs`);
  });
});
