import "server-only";

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
