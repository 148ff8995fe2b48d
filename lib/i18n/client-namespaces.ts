/**
 * Which messages reach the browser: the root sends only ROOT_CLIENT_NAMESPACES and each segment's layout
 * adds its own; tests/unit/client-messages.test.ts fails when a client component's namespace is missing.
 * Entries are dotted paths: "adminOrders.dialog" sends only that subtree.
 */
export const ROOT_CLIENT_NAMESPACES = ["apiClient", "errorPage"] as const;

const IMAGE_ERRORS = ["errors.imageInvalid", "errors.imageTooLarge", "errors.imageTypeUnsupported"] as const;
const ARTICLE_FORM = [...IMAGE_ERRORS, "errors.shirtVariantExists", "errors.variantNameExists", "form", "validation"] as const;
const PROMPT_FORM = [...IMAGE_ERRORS, "errors.testImageRequired", "form", "validation"] as const;
const SLOT_VARIANT_FORM = [...IMAGE_ERRORS, "form", "validation"] as const;

/** Keyed by the route folder under app/ ("admin/vat", "(shop)/cart"); each key has a layout.tsx that renders <ClientMessages segment={key}>. */
export const SEGMENT_CLIENT_NAMESPACES = {
  "(shop)": ["common", "nav"],
  "(shop)/(home)": ["editor", "landing", "validation"],
  "(shop)/editor": ["editor", "landing", "validation"],
  "(shop)/account": ["account", "validation"],
  "(shop)/cart": ["cart", "validation"],
  "(shop)/checkout": ["cart", "checkout", "orders", "payment", "validation"],
  "(shop)/my-images": ["myImages"],
  "(shop)/order-status": ["cart", "orderStatus", "orders", "validation"],
  "(shop)/order-success": ["cart", "orderStatus", "orders", "payment", "validation"],
  "(shop)/orders": ["cart", "orders"],
  // Only the toasts' titles of "errors": the API's messages arrive already translated.
  admin: [
    "admin.menu",
    "admin.signedInAs",
    "admin.title",
    "common",
    "errors.failedToDelete",
    "errors.failedToLoad",
    "errors.failedToSave",
    "guard",
    "nav.logout",
  ],
  "admin/article-categories": ["articleCategories", "form", "promptCategories", "validation"],
  // A list page gets its list's texts; its new/edit pages add the form's and the validation messages.
  "admin/articles": ["articles", "list"],
  "admin/articles/new": ARTICLE_FORM,
  "admin/articles/[articleId]": ARTICLE_FORM,
  "admin/mail": ["adminMail", "list"],
  "admin/orders": ["adminOrders", "errors.refundTooLarge", "list", "validation"],
  "admin/prompt-categories": ["articleCategories", "form", "promptCategories", "validation"],
  "admin/prompt-tester": ["errors.imageTooLarge", "errors.imageTypeUnsupported", "errors.testImageRequired", "promptTester", "validation"],
  "admin/prompts": ["list", "prompts"],
  "admin/prompts/new": PROMPT_FORM,
  "admin/prompts/[promptId]": PROMPT_FORM,
  "admin/slot-types": ["form", "slots", "validation"],
  "admin/slot-variants": ["list", "slots"],
  "admin/slot-variants/new": SLOT_VARIANT_FORM,
  "admin/slot-variants/[slotVariantId]": SLOT_VARIANT_FORM,
  "admin/suppliers": ["list", "suppliers"],
  "admin/suppliers/new": ["form", "validation"],
  "admin/suppliers/[supplierId]": ["form", "validation"],
  "admin/vat": ["vat"],
  "admin/vat/new": ["form", "validation"],
  "admin/vat/[vatId]": ["form", "validation"],
  login: ["common", "login", "validation"],
  "reset-password": ["common", "login", "resetPassword", "validation"],
  // One form serves both pages (components/auth/mailed-link-form.tsx): both send both texts.
  "sign-in-link": ["common", "confirmRegistration", "login", "signInLink"],
  "confirm-registration": ["common", "confirmRegistration", "login", "signInLink"],
} as const satisfies Record<string, readonly string[]>;

export type ClientSegment = keyof typeof SEGMENT_CLIENT_NAMESPACES;

type MessageTree = { [key: string]: string | MessageTree };

/** The subtrees at the given dotted paths, nested as in the full messages. */
export function pickMessages(messages: MessageTree, paths: readonly string[]): MessageTree {
  let picked: MessageTree = {};
  for (const path of paths) {
    const parts = path.split(".");
    let node: string | MessageTree | undefined = messages;
    for (const part of parts) node = typeof node === "object" ? node[part] : undefined;
    if (node === undefined) continue;
    const wrapped = parts.reduceRight<string | MessageTree>((inner, part) => ({ [part]: inner }), node);
    picked = mergeMessages(picked, wrapped as MessageTree);
  }
  return picked;
}

/** A deep merge: `extra` adds subtrees to `base` (neither is changed). */
export function mergeMessages(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof current === "object" && typeof value === "object" ? mergeMessages(current, value) : value;
  }
  return out;
}

/** What a segment's client components get: the root's namespaces, every enclosing segment's, and its own. */
export function namespacesFor(segment: ClientSegment): string[] {
  const parts = segment.split("/");
  const segments = SEGMENT_CLIENT_NAMESPACES as Record<string, readonly string[]>;
  const out = new Set<string>(ROOT_CLIENT_NAMESPACES);
  for (let i = 1; i <= parts.length; i++) for (const ns of segments[parts.slice(0, i).join("/")] ?? []) out.add(ns);
  return [...out];
}
