import path from "node:path";

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 3210);

export function e2eServer(index: number): { port: number; url: string; dataDir: string } {
  const port = firstPort + index;
  const root = process.env.E2E_DATA_ROOT ?? path.join(process.cwd(), ".test-data", "e2e");
  return { port, url: `http://127.0.0.1:${port}`, dataDir: path.join(root, `server-${index}`) };
}
