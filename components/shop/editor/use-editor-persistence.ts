"use client";

import { useEffect, useRef, useState, useSyncExternalStore, type Dispatch } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { initialEditorState, type EditorAction, type EditorState } from "./editor-state";
import { clearSavedEditor, fromSaved, hasSavedEditor, loadPhoto, loadSavedEditor, savePhoto, saveEditor, toSaved } from "./persistence";
import { forgetImageParam, imageIdFromUrl, stateForImage } from "./put-on-mug";

const SAVE_DELAY_MS = 250;
const noSubscription = () => () => {};

export type RestorePhase = "idle" | "restoring" | "ready";

export function useEditorPersistence(input: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Whether the personal fields may be kept (not when they are a signed-in account's own data). */
  keepPersonal: boolean;
  catalogue: { mugs: MugDto[]; prompts: PublicPromptDto[] };
}) {
  const { state, dispatch, keepPersonal, catalogue } = input;
  const t = useTranslations("editor");
  // The server renders the empty wizard; in the browser, saved work (or ?image=) is known at once.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Saved work is looked for once, at load: a later read could undo what the user did meanwhile. ?image= is
  // read on every render, since after a client-side navigation the address changes only after the first render.
  const savedAtLoad = useRef<boolean | null>(null);
  const workToRestore = useSyncExternalStore(
    noSubscription,
    () => imageIdFromUrl() !== null || (savedAtLoad.current ??= hasSavedEditor()),
    () => false,
  );
  const [restored, setRestored] = useState(false);
  const phase: RestorePhase = !hydrated ? "idle" : workToRestore && !restored ? "restoring" : "ready";
  const started = useRef(false);
  const savedFile = useRef<File | null>(null);

  useEffect(() => {
    if (phase !== "restoring" || started.current) return;
    started.current = true;
    void (async () => {
      const imageId = imageIdFromUrl();
      if (imageId !== null) {
        try {
          dispatch({ type: "restore", state: await stateForImage(imageId, catalogue) });
          forgetImageParam();
          return setRestored(true);
        } catch {
          toast.error(t("putOnMug.notFound"));
          forgetImageParam();
        }
      }
      const saved = await loadSavedEditor();
      if (saved) {
        const file = saved.photo ? await loadPhoto(saved.photo) : null;
        savedFile.current = file;
        dispatch({ type: "restore", state: fromSaved(saved, file ? { file, url: URL.createObjectURL(file) } : null) });
      }
      setRestored(true);
    })();
  }, [phase, dispatch, catalogue, t]);

  // The state, a moment after it last changed (a crop drag changes it many times a second) and when the page goes.
  const latest = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (phase !== "ready" || state === initialEditorState) {
      latest.current = null;
      return;
    }
    const write = () => saveEditor(toSaved(state, keepPersonal));
    latest.current = write;
    const timer = window.setTimeout(write, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase, state, keepPersonal]);
  useEffect(() => {
    const flush = () => latest.current?.();
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);

  const file = state.photo?.file ?? null;
  useEffect(() => {
    if (phase !== "ready" || file === savedFile.current) return;
    savedFile.current = file;
    void savePhoto(file);
  }, [phase, file]);

  return {
    phase,
    /** Forgets everything kept; the caller resets the wizard. */
    clear: async () => {
      latest.current = null;
      savedFile.current = null;
      await clearSavedEditor();
    },
  };
}
