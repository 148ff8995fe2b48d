import { headers } from "next/headers";
import { Counter } from "../counter";

/**
 * The dynamic floor page: the floor page rendered per request (reading the request headers, as the
 * shop's pages must: Next puts a per-request CSP nonce on its scripts only in dynamic rendering).
 */
export default async function DynamicFloorPage() {
  await headers();
  return (
    <main>
      <h1>Floor page</h1>
      <p>The least a Next 16 page with one interactive part costs.</p>
      <Counter />
    </main>
  );
}
