export {
  imageUrl,
  imageUrlOf,
  storeImage,
  storeProcessedImage,
  toImageDto,
  type StoreImageInput,
  type StoreImageMeta,
  type StoredImage,
} from "./store";
export {
  canView,
  getCatalogueImageOrThrow,
  getOwnedImageOrThrow,
  getViewableImageOrThrow,
  readImageBytesOrThrow,
  type ServableImage,
} from "./access";
export { deleteImage, deleteImageFiles, deleteImageRows, deleteImages } from "./delete";
export { imageFile } from "./serve";
export { resolveShopImageUrl, originOf, type ShopImageRef } from "./shop-url";
export { THUMBNAIL_WIDTHS, thumbnailKey, type ThumbnailWidth } from "./thumbnails";
export {
  deleteUserImage,
  getOwnedGeneratedImageOrThrow,
  getUserImageDetail,
  getUserImageOrThrow,
  listUserImages,
  storeEditedImage,
} from "./user-images";
export {
  cartLineMockups,
  lineMockups,
  mockupFile,
  orderLineMockupFile,
  orderLineMockups,
  retryDueMockups,
  deleteOrphanedMockups,
} from "./mockups";
