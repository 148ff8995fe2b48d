"use client";

import { createContext, useContext, type ReactNode } from "react";

export interface LandingParts {
  facts: ReactNode;
  mug: ReactNode;
  styles: ReactNode;
}

const LandingContext = createContext<LandingParts | null>(null);

export function LandingSlot({ children, ...parts }: LandingParts & { children: ReactNode }) {
  return <LandingContext.Provider value={parts}>{children}</LandingContext.Provider>;
}

export function useLanding(): LandingParts | null {
  return useContext(LandingContext);
}
