import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { ImageDto } from "@/lib/schemas/images";
import type { ListUserImagesQuery, UserImageDto } from "@/lib/schemas/user-images";

export const userImageKeys = {
  all: ["user", "images"] as const,
  list: (query: ListUserImagesQuery) => [...userImageKeys.all, "list", query] as const,
};

function listPath(query: ListUserImagesQuery): string {
  const params = new URLSearchParams({ sort: query.sort, order: query.order });
  if (query.type) params.set("type", query.type);
  return `/user/images?${params}`;
}

export const userImageQueries = {
  list: (query: ListUserImagesQuery) =>
    queryOptions({ queryKey: userImageKeys.list(query), queryFn: ({ signal }) => apiFetch<UserImageDto[]>(listPath(query), { signal }) }),
};

export const userImagesApi = {
  remove: (id: number) => apiFetch<void>(`/user/images/${id}`, { method: "DELETE" }),
  uploadEdited: (image: Blob, generatedImageId: number) => {
    const form = new FormData();
    form.set("image", image, "edited.png");
    form.set("generatedImageId", String(generatedImageId));
    return apiFetch<ImageDto>("/user/images/edited", { method: "POST", body: form });
  },
};
