/**
 * zod -> OpenAPI 3.1 Schema Objects. OpenAPI 3.1 schemas are JSON Schema draft 2020-12, which
 * z.toJSONSchema writes; only a few details are adjusted so the document reads well.
 */
import { z } from "zod";
import { n8nErrorSchema, n8nGenerateResultSchema, n8nGenerateSchema, n8nVideoStatusSchema } from "../../../shared/automation.js";
import { SEED_MAX, SEED_MIN } from "../../../shared/videos.js";

export type JsonObject = { [key: string]: unknown };

/**
 * `io: "input"` describes what a client may send (defaults optional, transforms not applied);
 * `"output"` what the server answers.
 */
export function openApiSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "throw" }) as JsonObject;
  delete json.$schema; // OpenAPI 3.1 documents already default to this dialect.
  return tidy(json) as JsonObject;
}

/**
 * - `example` (the zod metadata's key, deprecated in OpenAPI 3.1) becomes the JSON Schema
 *   `examples` array.
 * - zod's `.int()` adds the safe-integer range as bounds; they say nothing to a reader.
 */
function tidy(value: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => tidy(v));
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    // In `properties` the keys are field names, not keywords.
    if (!isPropertyMap) {
      if (key === "example") continue;
      if (key === "minimum" && child === Number.MIN_SAFE_INTEGER) continue;
      if (key === "maximum" && child === Number.MAX_SAFE_INTEGER) continue;
    }
    out[key] = tidy(child, !isPropertyMap && key === "properties");
  }
  if (!isPropertyMap && "example" in value) out.examples = [(value as JsonObject).example];
  return out;
}

/** The named schemas under components.schemas, in the order the document lists them. */
export function componentSchemas(): Record<string, JsonObject> {
  const request = openApiSchemaOf(n8nGenerateSchema, "input");
  // `seeds` accepts a number, a numeric string or null (zod coerces, then checks the range); the
  // range lives after that coercion, where JSON Schema cannot see it, so it is stated here for
  // numbers (JSON Schema applies minimum/maximum to numbers only).
  const seeds = (request.properties as Record<string, JsonObject>).seeds!;
  Object.assign(seeds, { minimum: SEED_MIN, maximum: SEED_MAX });
  return {
    GenerateRequest: request,
    GenerateResult: openApiSchemaOf(n8nGenerateResultSchema, "output"),
    VideoStatus: openApiSchemaOf(n8nVideoStatusSchema, "output"),
    Error: openApiSchemaOf(n8nErrorSchema, "output"),
  };
}
