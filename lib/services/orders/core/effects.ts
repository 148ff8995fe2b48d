export interface Effects {
  mailIds: number[];
  /** Failures are logged, never thrown: the transaction has committed. */
  after: Array<() => Promise<unknown>>;
}

export const newEffects = (): Effects => ({ mailIds: [], after: [] });
