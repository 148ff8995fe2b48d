import "server-only";
import type { MugVariant, ShirtVariant } from "@/db/schema";
import { imageUrl } from "@/lib/schemas/catalog";
import type { MugVariantAdminDto, ShirtVariantAdminDto } from "@/lib/schemas/articles";

export function toMugVariantDto(row: MugVariant): MugVariantAdminDto {
  return {
    id: row.id,
    articleId: row.articleId,
    name: row.name,
    nameDe: row.nameDe,
    articleVariantNumber: row.articleVariantNumber,
    insideColorCode: row.insideColorCode,
    outsideColorCode: row.outsideColorCode,
    active: row.active,
    isDefault: row.isDefault,
    exampleImageId: row.exampleImageId,
    exampleImageUrl: imageUrl(row.exampleImageId),
  };
}

export function toShirtVariantDto(row: ShirtVariant): ShirtVariantAdminDto {
  return {
    id: row.id,
    articleId: row.articleId,
    color: row.color,
    colorDe: row.colorDe,
    size: row.size,
    exampleImageId: row.exampleImageId,
    exampleImageUrl: imageUrl(row.exampleImageId),
  };
}
