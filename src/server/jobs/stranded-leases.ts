/**
 * Leases a job could not let go of because the database went away mid-work (decision 0057). Each
 * is let go of at the start of the job's next run that reaches the database, so that work is
 * taken up within seconds of the database's return instead of when its lease runs out. The job's
 * `letGo` must be conditional on the lease still being the one it claimed, so another process's
 * later claim is never undone.
 */
import { isDatabaseUnreachable } from "../db/outage.js";

export class StrandedLeases<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  constructor(private readonly letGo: (item: T) => Promise<unknown>) {}

  /** Keeps `item` when `err` says the database is out of reach; true when it did (the error is then handled). */
  keep(item: T, err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    this.items.set(item.id, item);
    return true;
  }

  /** Lets go of every kept lease; throws (keeping the rest) while the database is still away. */
  async letGoAll(): Promise<void> {
    for (const item of [...this.items.values()]) {
      await this.letGo(item);
      this.items.delete(item.id);
    }
  }
}
