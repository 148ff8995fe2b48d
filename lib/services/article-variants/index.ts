import "server-only";

export { toMugVariantDto, toShirtVariantDto } from "./dto";
export { createMugVariant, deleteMugVariant, updateMugVariant, type DeleteVariantResult } from "./mug";
export { removeMugVariantImage, setMugVariantImage } from "./image";
export { copyMugVariants, listVariantsCatalog } from "./copy";
export { createShirtVariant, deleteShirtVariant, updateShirtVariant } from "./shirt";
export { deleteCatalogueImageIfUnreferenced } from "./shared";
