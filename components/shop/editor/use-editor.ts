"use client";

import { useCallback, useEffect, useMemo, useReducer } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useLazyModule } from "@/components/ui/use-lazy-module";
import { sessionQuery } from "@/lib/api-client/session";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import { editorQueries, isSignedInCustomer, registerGuest } from "./editor-api";
import { editorReducer, generationSignature, initialEditorState, STEPS, type PersonalData } from "./editor-state";
import { editorSchemas } from "./lazy-editor-schemas";
import { useEditorPersistence } from "./use-editor-persistence";
import { useGeneration } from "./use-generation";

export const ORDER_CONTACT_STORAGE_KEY = "mugshop.orderContact";

export function printAspect(mug: MugDto | undefined): number | null {
  return mug && mug.printTemplateHeightMm > 0 ? mug.printTemplateWidthMm / mug.printTemplateHeightMm : null;
}

function rememberContact(contact: { email: string; phone?: string | null; firstName: string; lastName: string }): void {
  try {
    window.sessionStorage.setItem(ORDER_CONTACT_STORAGE_KEY, JSON.stringify({ ...contact, phone: contact.phone || null }));
  } catch {
    // Storage may be unavailable (private mode); the contact is asked again at checkout.
  }
}

export function sameAspect(a: number | null, b: number | null): boolean {
  return a === null || b === null || Math.abs(a - b) < 1e-3;
}

export function useEditor(initial: { mugs: MugDto[]; prompts: PublicPromptDto[] }) {
  const t = useTranslations("editor");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  // The server renders the page again in the new language on a switch, so initial.mugs fits the key.
  const mugsQuery = useQuery({ ...editorQueries.mugs(locale), initialData: initial.mugs });
  const promptsQuery = useQuery({ ...editorQueries.prompts(locale), initialData: initial.prompts });
  const { data: session } = useQuery(sessionQuery);
  const mugs = mugsQuery.data;
  const prompts = promptsQuery.data;
  const asUser = isSignedInCustomer(session);

  const mug = mugs.find((m) => m.id === state.mugId);
  const variant = mug?.variants.find((v) => v.id === state.variantId);
  const prompt = prompts.find((p) => p.id === state.promptId);
  // Before a mug is chosen the first mug's print shape is used.
  const aspect = printAspect(mug ?? mugs[0]) ?? 1;

  const accountData: PersonalData = useMemo(
    () => ({
      email: session?.user?.email ?? "",
      phone: session?.user?.phone ?? "",
      firstName: session?.user?.firstName ?? "",
      lastName: session?.user?.lastName ?? "",
    }),
    [session],
  );
  const usesAccountData = asUser && !state.useDifferentData;
  // What loads only once the visitor has started (step 4's schemas, the later steps' code) starts loading now, not with the page.
  const hasWork = !!state.photo || state.step > 0 || !!state.generation.result || !!state.generation.job;
  const schemas = useLazyModule(editorSchemas, hasWork);
  const personalSchema = schemas?.personalSchema ?? null;
  const personalCheck = personalSchema?.safeParse(usesAccountData ? accountData : state.personal);

  const result = state.generation.result;
  // A crop chosen for another print shape is fitted again in the mug step, where the cropper shows it.
  const cropFits = sameAspect(state.crop.aspect, printAspect(mug));
  const valid: boolean[] = [
    !!state.photo && !!state.crop.area && state.crop.area.width > 0 && state.crop.area.height > 0,
    !!prompt,
    !!mug && !!variant && cropFits,
    usesAccountData || !!personalCheck?.success,
    !!result && result.images.some((i) => i.id === state.generation.selectedImageId),
    true,
  ];

  const photoUrl = state.photo?.url;
  useEffect(
    () => () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
    },
    [photoUrl],
  );

  const register = useMutation({ mutationFn: registerGuest, retry: false, meta: { silent: true } });

  async function leavePersonal(): Promise<void> {
    if (usesAccountData) {
      rememberContact(accountData);
      dispatch({ type: "goTo", step: state.step + 1 });
      return;
    }
    if (!personalCheck?.success) return;
    const data = personalCheck.data;
    rememberContact(data);
    const alreadyThisGuest = session?.authenticated && session.roles.includes("guest") && session.user?.email === data.email;
    if (!asUser && !alreadyThisGuest) {
      try {
        await register.mutateAsync({ email: data.email, phone: data.phone ?? null, firstName: data.firstName, lastName: data.lastName });
        dispatch({ type: "registered" });
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      } catch {
        dispatch({ type: "registrationFailed" });
        toast.warning(t("personal.registrationFailed"));
      }
    }
    dispatch({ type: "goTo", step: state.step + 1 });
  }

  async function next(): Promise<void> {
    if (!valid[state.step]) return;
    if (STEPS[state.step] === "personal") return leavePersonal();
    dispatch({ type: "goTo", step: state.step + 1 });
  }

  const generation = useGeneration(state, dispatch, asUser);
  const persistence = useEditorPersistence({
    state,
    dispatch,
    keepPersonal: !asUser || state.useDifferentData,
    catalogue: { mugs, prompts },
  });

  async function startOver(): Promise<void> {
    generation.abandon();
    await persistence.clear();
    dispatch({ type: "reset" });
  }

  const goTo = useCallback((step: number) => dispatch({ type: "goTo", step }), []);

  return {
    state,
    dispatch,
    hasWork,
    mugs,
    prompts,
    mugsQuery,
    promptsQuery,
    session,
    asUser,
    mug,
    variant,
    prompt,
    aspect,
    cropFits,
    accountData,
    usesAccountData,
    personalSchema,
    valid,
    busy: register.isPending || generation.generating,
    registering: register.isPending,
    generating: generation.generating,
    reattached: generation.reattached,
    generationStartedAt: generation.startedAt,
    generate: generation.generate,
    restorePhase: persistence.phase,
    startOver,
    resultIsStale: !!result && state.generation.signature !== generationSignature(state),
    next,
    back: () => goTo(state.step - 1),
    goTo,
  };
}

export type Editor = ReturnType<typeof useEditor>;
