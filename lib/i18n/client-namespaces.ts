/** A nested provider replaces its parent's messages, so a segment sends all paths above it too. */
export const ROOT_CLIENT_NAMESPACES = ["apiClient", "errorPage", "field"] as const;

export const IMAGE_ERRORS = ["errors.imageInvalid", "errors.imageTooLarge", "errors.imageTypeUnsupported"] as const;

export interface SegmentMessages {
  readonly own: readonly string[];
  readonly all: readonly string[];
  readonly parent: SegmentMessages | null;
}

export const rootMessages: SegmentMessages = { own: ROOT_CLIENT_NAMESPACES, all: ROOT_CLIENT_NAMESPACES, parent: null };

export function segmentMessages(parent: SegmentMessages, own: readonly string[]): SegmentMessages {
  return { own, all: [...new Set([...parent.all, ...own])], parent };
}

type MessageTree = { [key: string]: string | MessageTree };

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

export function mergeMessages(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof current === "object" && typeof value === "object" ? mergeMessages(current, value) : value;
  }
  return out;
}
