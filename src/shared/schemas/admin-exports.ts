/** The admin lists as CSV files (decision 0054): what an export answers. */
import { z } from "zod";
import type { NonJsonAnswer } from "../api/contract.js";

/** A CSV export's answer: a file streamed as it is read. */
export const csvFileAnswer = (what: string): NonJsonAnswer => ({
  description: `${what}: UTF-8 with a byte order mark, a header row, ISO 8601 UTC dates; sent as it is read.`,
  content: { "text/csv": { schema: z.string().meta({ format: "binary" }) } },
});
