/**
 * Whether React sent a Suspense boundary of this HTML "outlined": its fallback first (after a
 * `<template id="B:n">` placeholder) and the content later as a hidden `<div id="S:n">` that a script
 * (`$RC`) swaps in. React does this for content that is not ready yet, and for ready content once the
 * HTML flushed with it passes its progressive chunk of 12,800 bytes (tests/unit/progressive-chunk.test.ts).
 */
export function hasOutlinedBoundary(html: string): boolean {
  return /<template id="B:\d+"/.test(html);
}

/** The HTML without its scripts (the inline RSC payload), in bytes: about what React counts against the chunk. */
export function markupBytes(html: string): number {
  return Buffer.byteLength(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""));
}
