export interface Effects {
  mailIds: number[];
  /** The transaction has committed: failures are logged, never thrown. */
  after: Array<() => Promise<unknown>>;
}

export const newEffects = (): Effects => ({ mailIds: [], after: [] });
