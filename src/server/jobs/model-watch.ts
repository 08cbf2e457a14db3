/**
 * Watches each model's health (issue 42, model-health.ts) every minute: the models degraded now
 * are stored in admin_settings.degraded_models, and a model that has just become degraded is news
 * for the admin (Telegram), once, however many processes watch: the stored list changes in one
 * conditional update, with the notices in the same transaction. While the admin's
 * pauseDegradedModels is on, a degraded model takes no new videos (model-offer.ts) until its last
 * hour recovers.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { adminSettings } from "../db/schema.js";
import { modelHealth } from "../features/videos/model-health.js";
import { notifyModelDegraded } from "../features/notifications/outbox.js";
import { ensureSettingsRow } from "../features/settings/service.js";
import { modelLabel } from "../../shared/videos.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface ModelWatchOptions {
  intervalMs: number;
}

export class ModelWatch extends defineJob<JobDeps & { db: Db }, ModelWatchOptions>({
  name: "model-watch",
  failure: "model health watch failed",
  defaults: { intervalMs: 60_000 },
}) {
  /** One look as of `now`; returns the models that have just become degraded. */
  async runOnce(now = new Date()): Promise<string[]> {
    const health = await modelHealth(this.deps.db, now);
    const degraded = health.filter((h) => h.degraded).map((h) => h.model);
    await ensureSettingsRow(this.deps.db);
    const fresh = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ degraded: adminSettings.degradedModels, paused: adminSettings.pauseDegradedModels })
        .from(adminSettings)
        .where(eq(adminSettings.id, 1))
        .for("update");
      const was = before?.degraded ?? [];
      if (was.length === degraded.length && was.every((m) => degraded.includes(m))) return [];
      await tx.update(adminSettings).set({ degradedModels: degraded }).where(eq(adminSettings.id, 1));
      const news = degraded.filter((m) => !was.includes(m));
      for (const model of news) {
        const hour = health.find((h) => h.model === model)!.lastHour;
        await notifyModelDegraded(tx, {
          label: modelLabel(model),
          failed: hour.failed,
          finished: hour.finished,
          paused: before?.paused ?? false,
        });
      }
      return news;
    });
    if (fresh.length > 0) this.log.warn({ models: fresh }, "models degraded");
    return fresh;
  }
}
