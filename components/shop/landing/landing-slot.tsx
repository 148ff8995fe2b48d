"use client";

import { createContext, useContext, type ReactNode } from "react";

/** Rendered on the server and handed to the client editor through context, so the wizard need not pass them along. */
export interface LandingParts {
  facts: ReactNode;
  mug: ReactNode;
  styles: ReactNode;
}

const LandingContext = createContext<LandingParts | null>(null);

export function LandingSlot({ children, ...parts }: LandingParts & { children: ReactNode }) {
  return <LandingContext.Provider value={parts}>{children}</LandingContext.Provider>;
}

/** The landing parts, or null outside the shop's start page (e.g. in a test that renders the editor alone). */
export function useLanding(): LandingParts | null {
  return useContext(LandingContext);
}
