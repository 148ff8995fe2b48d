/**
 * Which messages reach the browser: the root sends only ROOT_CLIENT_NAMESPACES and each segment's layout
 * adds the paths its messages.ts lists; tests/unit/client-messages.test.ts fails when a client component's
 * namespace is missing.
 * Entries are dotted paths: "adminOrders.dialog" sends only that subtree.
 */
export const ROOT_CLIENT_NAMESPACES = ["apiClient", "errorPage", "field"] as const;

/** The image upload errors a form with an image field shows. */
export const IMAGE_ERRORS = ["errors.imageInvalid", "errors.imageTooLarge", "errors.imageTypeUnsupported"] as const;

/** What a segment's layout sends: its own paths and, since a nested provider replaces its parent's messages, all paths above it. */
export interface SegmentMessages {
  readonly own: readonly string[];
  readonly all: readonly string[];
  readonly parent: SegmentMessages | null;
}

export const rootMessages: SegmentMessages = { own: ROOT_CLIENT_NAMESPACES, all: ROOT_CLIENT_NAMESPACES, parent: null };

/** A segment's messages.ts: the enclosing segment's messages (rootMessages at the top) plus its own paths. */
export function segmentMessages(parent: SegmentMessages, own: readonly string[]): SegmentMessages {
  return { own, all: [...new Set([...parent.all, ...own])], parent };
}

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
