/**
 * Mug and shirt variants of the admin catalogue (server-only). Split by concern:
 *   mug.ts     create, update, delete a mug variant (name unique per mug, exactly one default)
 *   image.ts   a mug variant's example image: upload (with crop) and removal
 *   copy.ts    the variants catalogue of all mugs and copying variants onto a mug
 *   shirt.ts   create, update, delete a shirt variant (size from the shirt's sizes, colour+size unique)
 *   shared.ts  locking the article, unique-violation mapping, references, unreferenced image clean-up
 *   dto.ts     admin answers of a variant (shared with the article service)
 */
import "server-only";

export { toMugVariantDto, toShirtVariantDto } from "./dto";
export { createMugVariant, deleteMugVariant, updateMugVariant, type DeleteVariantResult } from "./mug";
export { removeMugVariantImage, setMugVariantImage } from "./image";
export { copyMugVariants, listVariantsCatalog } from "./copy";
export { createShirtVariant, deleteShirtVariant, updateShirtVariant } from "./shirt";
export { deleteCatalogueImageIfUnreferenced } from "./shared";
