/**
 * Caps that bound the work done on one uploaded container, whatever it holds. They are checked before
 * inflating (declared sizes, entry count, overlapping entries) and again while inflating (actual bytes,
 * ratio), because declared sizes in a hostile archive can lie.
 */
export interface ContainerLimits {
  /** Containers nested inside the uploaded one that are opened (contract: recursion_limit 3). */
  maxDepth: number;
  /** Central-directory entries one archive may have; more and the archive is refused unread. */
  maxEntriesPerArchive: number;
  /** Parts + skipped items reported for one upload, across all nesting levels. */
  maxItems: number;
  /** Uncompressed bytes of one entry (the contract's 20 MB per file). */
  maxEntryBytes: number;
  /** Uncompressed bytes inflated for one upload, across all nesting levels. */
  maxTotalBytes: number;
  /** Uncompressed/compressed ratio allowed once an entry passes ratioGraceBytes. */
  maxRatio: number;
  /** Small entries may have any ratio (a 135 KB run of zeros compresses 435:1 and is harmless). */
  ratioGraceBytes: number;
  /** Attachments one e-mail may contribute. */
  maxAttachmentsPerMessage: number;
  /** Wall-clock budget for one upload; items after it are reported as skipped. */
  timeBudgetMs: number;
}

export const DEFAULT_CONTAINER_LIMITS: ContainerLimits = {
  maxDepth: 3,
  maxEntriesPerArchive: 1000,
  maxItems: 2000,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 1000,
  ratioGraceBytes: 1024 * 1024,
  maxAttachmentsPerMessage: 200,
  timeBudgetMs: 60_000,
};

/** Mutable budget shared by every level of one container walk. */
export class ContainerBudget {
  bytesLeft: number;
  itemsLeft: number;
  readonly deadline: number;
  constructor(readonly limits: ContainerLimits) {
    this.bytesLeft = limits.maxTotalBytes;
    this.itemsLeft = limits.maxItems;
    this.deadline = Date.now() + limits.timeBudgetMs;
  }
  get timedOut(): boolean {
    return Date.now() > this.deadline;
  }
}
