import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { CountryDto } from "@/lib/schemas/catalog";

export const countriesQuery = (locale: string) =>
  queryOptions({
    queryKey: ["countries", locale] as const,
    queryFn: ({ signal }) => apiFetch<CountryDto[]>(`/countries?locale=${locale}`, { signal }),
    meta: { silent: true },
  });
