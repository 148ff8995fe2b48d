import * as collection from "@/app/api/admin/suppliers/route";
import { getDb } from "@/db/client";
import { suppliers } from "@/db/schema";
import { call, loginAs } from "./api";

export type Supplier = {
  id: number;
  companyName: string;
  website: string | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  street: string | null;
  houseNumber: string | null;
  city: string | null;
  postalCode: string | null;
  countryCode: string | null;
  countryName: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  createdAt: string;
  updatedAt: string;
};
type Page = { items: Supplier[]; total: number; page: number; pageSize: number };
export type ErrorBody = { message: string; errors: Record<string, string> };

export const FULL = {
  companyName: "Tassenwerk Dresden GmbH",
  website: "https://tassenwerk.example",
  title: "Dr.",
  firstName: "Jonas",
  lastName: "Becker",
  email: "einkauf@tassenwerk.example",
  street: "Königsbrücker Straße",
  houseNumber: "7a",
  city: "Dresden",
  postalCode: "01067",
  countryCode: "DE",
  phone1: "+49 351 1234567",
  phone2: "0351/765432-1",
  phone3: "+49 (170) 1234567",
};

export async function admin() {
  return loginAs("admin");
}

export async function create(body: Record<string, unknown>) {
  return call<Supplier>(collection.POST, { method: "POST", path: "/api/admin/suppliers", body, cookie: await admin() });
}

export async function createOk(body: Record<string, unknown>): Promise<Supplier> {
  const res = await create(body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function list(query = "") {
  return call<Page>(collection.GET, { path: `/api/admin/suppliers${query}`, cookie: await admin() });
}

export async function count(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: suppliers.id }).from(suppliers)).length;
}
