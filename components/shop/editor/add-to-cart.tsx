"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { cartMutations } from "@/lib/api-client/cart";
import type { Editor } from "./use-editor";

export const SIGN_IN_FOR_CART = `/login?callbackUrl=${encodeURIComponent("/editor")}`;

export function AddToCart({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.preview");
  const router = useRouter();
  const queryClient = useQueryClient();
  const { state, mug, variant, session } = editor;
  const add = useMutation({ ...cartMutations.add(queryClient), retry: false, meta: { silent: true } });
  const imageId = state.generation.selectedImageId;
  const complete = imageId !== null && !!mug && !!variant;

  if (!session?.authenticated) {
    return (
      <div className="space-y-2">
        <Link href={SIGN_IN_FOR_CART} className="btn-primary" data-testid="sign-in-to-add">
          {t("signInToAdd")}
        </Link>
        <p className="text-sm text-stone-600">{t("signInHint")}</p>
      </div>
    );
  }

  function onAdd() {
    if (imageId === null || !mug || !variant) return;
    add.mutate(
      { mugId: mug.id, variantId: variant.id, imageId, promptId: state.promptId ?? undefined, quantity: 1 },
      {
        onSuccess: () => {
          toast.success(t("added"));
          router.push("/cart");
        },
        onError: () => toast.error(t("addFailed")),
      },
    );
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn-primary"
        onClick={onAdd}
        disabled={!complete || add.isPending || add.isSuccess}
        aria-describedby={complete ? undefined : "add-to-cart-missing"}
        data-testid="add-to-cart"
      >
        {add.isPending ? t("adding") : t("addToCart")}
      </button>
      {!complete && (
        <p id="add-to-cart-missing" className="text-sm text-stone-600">
          {t("missing")}
        </p>
      )}
    </div>
  );
}
