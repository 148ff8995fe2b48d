import { headers } from "next/headers";
import FloorPage from "../page";

/**
 * The dynamic floor page: the floor page rendered per request (reading the request headers, as the
 * shop's pages must: Next puts a per-request CSP nonce on its scripts only in dynamic rendering).
 */
export default async function DynamicFloorPage() {
  await headers();
  return <FloorPage />;
}
