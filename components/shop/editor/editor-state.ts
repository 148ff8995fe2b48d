import type { Area, Point } from "react-easy-crop";
import type { GenerateResponse } from "@/lib/schemas/images";

export const STEPS = ["upload", "style", "mug", "personal", "generate", "preview"] as const;
export type StepId = (typeof STEPS)[number];
export const LAST_STEP = STEPS.length - 1;

export interface Photo {
  /** The original file: going back to step 1 crops it again from the full picture. */
  file: File;
  url: string;
}

export interface CropState {
  crop: Point;
  zoom: number;
  /** The chosen area in pixels of the decoded photo; null until the cropper reported one. */
  area: Area | null;
  /** The aspect ratio `area` was chosen with (width / height of the mug's print template). */
  aspect: number | null;
}

export interface PersonalData {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
}

export interface RunningJob {
  id: string;
  /** The inputs the job generates from, like GenerationState.signature. */
  signature: string;
  createdAt: number;
}

export interface GenerationState {
  result: GenerateResponse | null;
  /** The inputs (photo version, style) the result was generated from. */
  signature: string | null;
  selectedImageId: number | null;
  error: string | null;
  job: RunningJob | null;
}

export interface EditorState {
  step: number;
  photo: Photo | null;
  /** Counts changes of photo and crop, so a result can tell it was made from an older crop. */
  photoVersion: number;
  crop: CropState;
  promptId: number | null;
  mugId: number | null;
  variantId: number | null;
  personal: PersonalData;
  useDifferentData: boolean;
  registration: "none" | "registered" | "failed";
  generation: GenerationState;
}

export type EditorAction =
  | { type: "goTo"; step: number }
  | { type: "setPhoto"; photo: Photo }
  | { type: "setCrop"; crop: Point }
  | { type: "setZoom"; zoom: number }
  | { type: "cropComplete"; area: Area; aspect: number }
  | { type: "setPrompt"; promptId: number }
  | { type: "setMug"; mugId: number; variantId: number | null }
  | { type: "setVariant"; variantId: number }
  | { type: "setPersonal"; values: Partial<PersonalData> }
  | { type: "setUseDifferentData"; value: boolean; defaults: PersonalData }
  | { type: "registered" }
  | { type: "registrationFailed" }
  | { type: "restore"; state: EditorState }
  | { type: "reset" }
  | { type: "generationStarted"; job: RunningJob }
  | { type: "generated"; result: GenerateResponse; signature: string }
  | { type: "generationFailed"; message: string }
  | { type: "selectImage"; imageId: number };

export const EMPTY_PERSONAL: PersonalData = { email: "", phone: "", firstName: "", lastName: "" };

export const initialEditorState: EditorState = {
  step: 0,
  photo: null,
  photoVersion: 0,
  crop: { crop: { x: 0, y: 0 }, zoom: 1, area: null, aspect: null },
  promptId: null,
  mugId: null,
  variantId: null,
  personal: EMPTY_PERSONAL,
  useDifferentData: false,
  registration: "none",
  generation: { result: null, signature: null, selectedImageId: null, error: null, job: null },
};

function sameArea(a: Area | null, b: Area): boolean {
  return (
    !!a && Math.abs(a.x - b.x) <= 2 && Math.abs(a.y - b.y) <= 2 && Math.abs(a.width - b.width) <= 2 && Math.abs(a.height - b.height) <= 2
  );
}

export function generationSignature(state: Pick<EditorState, "photoVersion" | "promptId">): string {
  return `${state.photoVersion}:${state.promptId ?? ""}`;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "goTo":
      return { ...state, step: Math.max(0, Math.min(LAST_STEP, action.step)) };
    case "setPhoto":
      return {
        ...state,
        photo: action.photo,
        photoVersion: state.photoVersion + 1,
        crop: { crop: { x: 0, y: 0 }, zoom: 1, area: null, aspect: null },
      };
    case "setCrop":
      return { ...state, crop: { ...state.crop, crop: action.crop } };
    case "setZoom":
      return { ...state, crop: { ...state.crop, zoom: action.zoom } };
    case "cropComplete": {
      const unchanged = sameArea(state.crop.area, action.area) && state.crop.aspect === action.aspect;
      return {
        ...state,
        photoVersion: unchanged ? state.photoVersion : state.photoVersion + 1,
        crop: { ...state.crop, area: action.area, aspect: action.aspect },
      };
    }
    case "setPrompt":
      return { ...state, promptId: action.promptId };
    case "setMug":
      return state.mugId === action.mugId ? state : { ...state, mugId: action.mugId, variantId: action.variantId };
    case "setVariant":
      return { ...state, variantId: action.variantId };
    case "setPersonal":
      return { ...state, personal: { ...state.personal, ...action.values } };
    case "setUseDifferentData": {
      // Revealing the fields starts from the account's data, unless the user typed something already.
      const empty = Object.values(state.personal).every((v) => v === "");
      return { ...state, useDifferentData: action.value, personal: action.value && empty ? action.defaults : state.personal };
    }
    case "registered":
      // Images generated before belong to the previous identity: they cannot go into the new cart.
      return {
        ...state,
        registration: "registered",
        generation: state.generation.result ? initialEditorState.generation : state.generation,
      };
    case "registrationFailed":
      return { ...state, registration: "failed" };
    case "restore":
      return action.state;
    case "reset":
      return initialEditorState;
    case "generationStarted":
      return { ...state, generation: { ...state.generation, error: null, job: action.job } };
    case "generated":
      return {
        ...state,
        generation: {
          result: action.result,
          signature: action.signature,
          selectedImageId: action.result.images[0]?.id ?? null,
          error: null,
          job: null,
        },
      };
    case "generationFailed":
      return { ...state, generation: { ...state.generation, error: action.message, job: null } };
    case "selectImage":
      return { ...state, generation: { ...state.generation, selectedImageId: action.imageId } };
  }
}
