import { initialEditorState, STEPS, type EditorState, type Photo, type RunningJob } from "./editor-state";
import type { SavedEditor } from "./editor-schemas";
import { editorSchemas } from "./lazy-editor-schemas";

/** The photo goes to IndexedDB (too large for localStorage); anything unreadable counts as "nothing saved". */

const STATE_KEY = "mugshop.editor.v1";
/** Keys of earlier versions: removed when found, never read. */
const OLD_KEYS = ["mugshop.editor"];
const DB_NAME = "mugshop-editor";
const STORE = "files";
const PHOTO_KEY = "photo";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function hasSavedEditor(): boolean {
  try {
    return !!storage()?.getItem(STATE_KEY);
  } catch {
    return false;
  }
}

/** If the schema cannot load (offline, a new deployment), nothing is restored now and the saved work is kept. */
export async function loadSavedEditor(): Promise<SavedEditor | null> {
  const store = storage();
  if (!store) return null;
  const schemas = await editorSchemas.load().catch(() => null);
  if (!schemas) return null;
  try {
    for (const key of OLD_KEYS) store.removeItem(key);
    const raw = store.getItem(STATE_KEY);
    if (!raw) return null;
    const parsed = schemas.savedSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: treated like an unknown version.
  }
  store.removeItem(STATE_KEY);
  return null;
}

export function toSaved(state: EditorState, keepPersonal: boolean): SavedEditor {
  const { generation } = state;
  return {
    v: 1,
    step: state.step,
    photo: state.photo ? { name: state.photo.file.name, type: state.photo.file.type, lastModified: state.photo.file.lastModified } : null,
    photoVersion: state.photoVersion,
    crop: state.crop,
    promptId: state.promptId,
    mugId: state.mugId,
    variantId: state.variantId,
    personal: keepPersonal ? state.personal : null,
    useDifferentData: state.useDifferentData,
    generation: { result: generation.result, signature: generation.signature, selectedImageId: generation.selectedImageId },
    job: generation.job,
  };
}

export function fromSaved(saved: SavedEditor, photo: Photo | null): EditorState {
  const job: RunningJob | null = saved.job;
  const hasPhoto = !!photo;
  return {
    ...initialEditorState,
    step: job ? STEPS.indexOf("generate") : saved.photo && !hasPhoto ? 0 : saved.step,
    photo,
    photoVersion: saved.photoVersion,
    crop: hasPhoto ? saved.crop : initialEditorState.crop,
    promptId: saved.promptId,
    mugId: saved.mugId,
    variantId: saved.variantId,
    personal: saved.personal ?? initialEditorState.personal,
    useDifferentData: saved.useDifferentData,
    generation: {
      ...initialEditorState.generation,
      result: saved.generation.result,
      signature: saved.generation.signature,
      selectedImageId: saved.generation.selectedImageId,
      job,
    },
  };
}

export function saveEditor(saved: SavedEditor): void {
  try {
    storage()?.setItem(STATE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or switched off: the work is simply not kept.
  }
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("no IndexedDB"));
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB open failed"));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest | null): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req ? (req.result as T) : undefined);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    db.close();
  }
}

export async function savePhoto(file: Blob | null): Promise<void> {
  try {
    await withStore("readwrite", (store) => (file ? store.put(file, PHOTO_KEY) : store.delete(PHOTO_KEY)));
  } catch {
    // Without IndexedDB (private mode) the photo is asked for again after a reload.
  }
}

export async function loadPhoto(meta: NonNullable<SavedEditor["photo"]>): Promise<File | null> {
  try {
    const blob = await withStore<unknown>("readonly", (store) => store.get(PHOTO_KEY));
    if (!(blob instanceof Blob)) return null;
    return new File([blob], meta.name, { type: meta.type || blob.type, lastModified: meta.lastModified });
  } catch {
    return null;
  }
}

/** The image an order line shows is the generated image it was made from (`/api/images/{id}`). */
const ORDERED_IMAGE = /\/api\/images\/(\d+)(?:\?|$)/;

/** After a paid order the editor forgets the design just ordered (it stays in My images), not work begun since. */
export async function forgetOrderedDesign(orderedImageUrls: (string | null)[]): Promise<boolean> {
  let selected: unknown = null;
  try {
    const raw = storage()?.getItem(STATE_KEY);
    selected = raw ? (JSON.parse(raw) as { generation?: { selectedImageId?: unknown } }).generation?.selectedImageId : null;
  } catch {
    return false;
  }
  const ordered = orderedImageUrls.map((url) => Number(url?.match(ORDERED_IMAGE)?.[1] ?? NaN));
  if (typeof selected !== "number" || !ordered.includes(selected)) return false;
  await clearSavedEditor();
  return true;
}

export async function clearSavedEditor(): Promise<void> {
  try {
    storage()?.removeItem(STATE_KEY);
  } catch {
    // nothing saved
  }
  await savePhoto(null);
}
