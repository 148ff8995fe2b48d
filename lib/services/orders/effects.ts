/** Work that must happen only after the transaction committed (outside calls: provider, storage, mail). */
export interface Effects {
  mailIds: number[];
  /** Run in order after the commit, before the mail (refunds of duplicate payments, invoice PDFs); failures are logged, never thrown. */
  after: Array<() => Promise<unknown>>;
}

export const newEffects = (): Effects => ({ mailIds: [], after: [] });
