import { decode } from "next-auth/jwt";
import { mintSessionToken, readSessionToken } from "../lib/auth/tokens";
import { formatTable, measure, type Result } from "./lib";

const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const COOKIE = "shop.session-token";

async function main() {
  const token = await mintSessionToken({ sub: "1", email: "a@example.com", roles: ["customer"], sv: 0 }, SECRET, COOKIE, 3600);
  const rounds = { authjs: [] as Result[], ours: [] as Result[] };
  for (let round = 0; round < 3; round++) {
    rounds.authjs.push(
      await measure("Auth.js decode (key derived per call)", { n: 2000, warmup: 200 }, () =>
        decode({ token, secret: SECRET, salt: COOKIE }),
      ),
    );
    rounds.ours.push(
      await measure("readSessionToken (key derived once)", { n: 2000, warmup: 200 }, () => readSessionToken(token, SECRET, COOKIE)),
    );
  }
  const pick = (rs: Result[]): Result => {
    const sorted = [...rs].sort((a, b) => a.medianMs - b.medianMs);
    const middle = sorted[Math.floor(sorted.length / 2)];
    if (!middle) throw new Error("no rounds measured");
    return middle;
  };
  console.log(formatTable([pick(rounds.authjs), pick(rounds.ours)]));
}

void main();
