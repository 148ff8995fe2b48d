"use client";

import { useEffect, useRef, useState, type Dispatch } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { HttpError } from "@/lib/api-client/fetcher";
import { fetchGenerationJob, generateImages, generationErrorKey, newJobId } from "./editor-api";
import { generationSignature, type EditorAction, type EditorState, type RunningJob } from "./editor-state";
import { cropAndDownscale } from "./image-file";

const POLL_MS = 1000;
/** A job the server does not know this long after it was started never reached it (the page left during the upload). */
const UNKNOWN_JOB_GRACE_MS = 15_000;
const GIVE_UP_MS = 5 * 60_000;

/** The browser picks the job id and keeps it with the saved work, so a reloaded page asks about the job instead of starting again. */
export function useGeneration(state: EditorState, dispatch: Dispatch<EditorAction>, asUser: boolean) {
  const t = useTranslations("editor.generate");
  const job = state.generation.job;
  // When the job started, in this browser's clock (the server's elapsed time once it answered).
  const [serverStart, setServerStart] = useState<{ jobId: string; at: number } | null>(null);
  const unloading = useRef(false);
  useEffect(() => {
    const mark = () => (unloading.current = true);
    window.addEventListener("pagehide", mark);
    return () => window.removeEventListener("pagehide", mark);
  }, []);

  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const post = useMutation({
    mutationFn: async (running: RunningJob) => {
      const area = state.crop.area;
      if (!state.photo || !area || !state.mugId || !state.promptId) throw new Error("incomplete");
      const controller = new AbortController();
      abortRef.current = controller;
      const prepared = await cropAndDownscale(state.photo.url, area);
      const answer = await generateImages({
        asUser,
        jobId: running.id,
        image: prepared.blob,
        width: prepared.width,
        height: prepared.height,
        promptId: state.promptId,
        mugId: state.mugId,
        signal: controller.signal,
      });
      return { answer, running };
    },
    retry: false,
    meta: { silent: true },
    onSuccess: ({ answer, running }) => dispatch({ type: "generated", result: answer, signature: running.signature }),
    onError: (err) => {
      // Leaving the page or losing the connection does not end the job on the server: the saved job
      // id stays, and the page (this one, or the reloaded one) asks the server how it went.
      if (unloading.current || (err instanceof Error && err.name === "AbortError")) return;
      if (err instanceof HttpError && err.status === 0) return;
      const key = generationErrorKey(err, asUser);
      dispatch({ type: "generationFailed", message: key ? t(`errors.${key}`) : err.message || t("errors.failed") });
    },
  });

  function generate(): void {
    if (job || post.isPending) return;
    const running: RunningJob = { id: newJobId(), signature: generationSignature(state), createdAt: Date.now() };
    dispatch({ type: "generationStarted", job: running });
    post.mutate(running);
  }

  // A job this page is not waiting for (found after a reload, or its answer was lost): ask the server.
  const polling = !!job && !post.isPending;
  const jobId = job?.id;
  useEffect(() => {
    if (!polling || !job) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const again = () => {
      timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    async function poll(): Promise<void> {
      if (!job) return;
      const age = Date.now() - job.createdAt;
      try {
        const answer = await fetchGenerationJob(job.id, controller.signal);
        if (answer.status === "running") {
          setServerStart({ jobId: job.id, at: Date.now() - answer.elapsedMs });
          return again();
        }
        if (answer.status === "succeeded" && answer.result && answer.result.images.length > 0) {
          dispatch({ type: "generated", result: answer.result, signature: job.signature });
        } else {
          dispatch({ type: "generationFailed", message: answer.message ?? t("errors.failed") });
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        const unknown = err instanceof HttpError && err.status === 404;
        const passing = err instanceof HttpError && (err.status === 0 || err.status >= 500);
        if ((unknown && age < UNKNOWN_JOB_GRACE_MS) || (passing && age < GIVE_UP_MS)) return again();
        dispatch({ type: "generationFailed", message: unknown ? t("lost") : t("errors.failed") });
      }
    }
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
    // The job is identified by its id; the rest of it does not change while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling, jobId]);

  const startedAt = job ? (serverStart?.jobId === job.id ? serverStart.at : job.createdAt) : null;

  return {
    generate,
    /** A generation is under way (this page's request, or a job it reattached to). */
    generating: !!job || post.isPending,
    /** The page reattached to a job it did not start (after a reload). */
    reattached: polling,
    /** When the running job started, for the elapsed time (ms since the epoch, this browser's clock). */
    startedAt,
    /** Forgets the request this page is waiting for ("start over"); the server finishes the job unseen. */
    abandon: () => abortRef.current?.abort(),
  };
}
