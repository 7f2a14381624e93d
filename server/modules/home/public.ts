/**
 * What the home module offers the modules registered after it (`deps.need('homeFigures')`): the
 * dashboard's figures that belong to a later module, filled by it (home does not import it).
 */
export interface HomeFigures {
  /** Counts the approvals waiting for a user (workflow registers it; none registered: 0). */
  todoApprovals(count: (userId: string) => Promise<number>): void;
}

declare module '../../lib/module' {
  interface ModuleServices {
    homeFigures: HomeFigures;
  }
}
