/**
 * Step 4 of making a video (generate-service.ts): what a vendor answered, recorded. The task and
 * its usage row learn the vendor's id together, in one statement.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/connect.js";

export interface Submitted {
  /** The task's row, and the placeholder id it was recorded under (generate-reserve.ts). */
  videoTaskId: string;
  placeholder: string;
  /** The vendor's id for it, and who made it with which of its surfaces and model names. */
  vendorTaskId: string;
  source: string;
  surface: string;
  vendor: string;
  vendorModel: string;
  vendorAccountId?: string;
  /** When the worker first asks the vendor how it is going. */
  nextCheckAt: Date;
}

/**
 * Only a task still unsubmitted and unrefunded learns its vendor's id: past the grace the worker
 * has failed and refunded it, and bringing it back would deliver a video whose credits were given
 * back. False when the task was no longer waiting.
 */
export async function recordSubmission(db: Db, s: Submitted): Promise<boolean> {
  const learned = rowsOf<{ id: string }>(
    await db.execute(sql`
      with task as (
        update video_tasks set task_id = ${s.vendorTaskId}, status = 'generating', provider_source = ${s.source}, provider_surface = ${s.surface},
          vendor = ${s.vendor}, vendor_model = ${s.vendorModel},
          vendor_account_id = ${s.vendorAccountId ?? null}::uuid, next_check_at = ${s.nextCheckAt.toISOString()}::timestamptz
        where id = ${s.videoTaskId} and task_id = ${s.placeholder} and status in ('generating', 'pending') and not refunded
        returning id
      ), usage as (
        update transactions set kie_task_id = ${s.vendorTaskId} where video_task_id in (select id from task)
      )
      select id from task`),
  );
  return learned.length > 0;
}
