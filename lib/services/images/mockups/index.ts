import "server-only";

/** Product images of a design on a mug variant: made after add-to-cart in the mockup worker, shown wherever the line appears. */
export { deleteMockupsOfDesigns, deleteOrphanedMockups } from "./delete";
export { mockupFileKey, mockupFingerprint, MOCKUP_RENDER_VERSION } from "./keys";
export {
  makeMockups,
  makeMockupsAfterResponse,
  mockupDue,
  mockupSubjects,
  retryDueMockups,
  subjectFingerprint,
  MOCKUP_MAX_ATTEMPTS,
  type MockupPair,
  type MockupSubject,
} from "./make";
export { cartLineMockups, lineMockups, mockupFile, mockupUrls, orderLineMockupFile, orderLineMockups } from "./read";
