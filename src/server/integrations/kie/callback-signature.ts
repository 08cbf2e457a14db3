/**
 * KIE's callback signature (kie-2026.md §3, decision 0048): with a webhookHmacKey set at kie.ai,
 * every callback carries X-Webhook-Timestamp (Unix seconds) and X-Webhook-Signature, the standard
 * base64 of HMAC-SHA256(key, `${taskId}.${timestamp}`). The body itself is not signed, so a
 * callback stays a signal only: the worker re-reads the task from KIE before changing anything.
 */
import crypto from "node:crypto";
import { asRecord, asText } from "./parse.js";

/** Signatures older or newer than this are refused (KIE documents no window; replays get old). */
const CALLBACK_MAX_SKEW_S = 5 * 60;

/** The task a callback names: KIE's bodies use data.taskId, its samples data.task_id, some a top-level one. */
export function callbackTaskId(body: unknown): string | undefined {
  const top = asRecord(body);
  const data = asRecord(top?.data);
  return asText(data?.taskId) ?? asText(data?.task_id) ?? asText(top?.taskId) ?? asText(top?.task_id);
}

function callbackSignature(key: string, taskId: string, timestamp: string): string {
  return crypto.createHmac("sha256", key).update(`${taskId}.${timestamp}`).digest("base64");
}

/** True when the headers sign this task with the key, recently enough. */
export function validCallbackSignature(
  key: string,
  taskId: string,
  headers: Record<string, unknown>,
  nowMs = Date.now(),
): boolean {
  const timestamp = headers["x-webhook-timestamp"];
  const signature = headers["x-webhook-signature"];
  if (typeof timestamp !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > CALLBACK_MAX_SKEW_S) return false;
  const expected = Buffer.from(callbackSignature(key, taskId, timestamp));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
