import { headers } from "next/headers";
import FloorPage from "../page";

// Dynamic, as the shop's pages must be: Next puts the CSP nonce on its scripts only then.
export default async function DynamicFloorPage() {
  await headers();
  return <FloorPage />;
}
