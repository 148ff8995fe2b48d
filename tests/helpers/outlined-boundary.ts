export function hasOutlinedBoundary(html: string): boolean {
  return /<template id="B:\d+"/.test(html);
}

export function markupBytes(html: string): number {
  return Buffer.byteLength(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""));
}
