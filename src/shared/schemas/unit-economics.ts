/** The admin overview's unit economics (issue 42): per model, what a video costs us, earns and leaves. */
import { z } from "zod";

const usd = z.number().meta({ description: "US dollars (not rounded)." });

export const unitEconomicsSchema = z
  .object({
    revenuePerCreditUsd: usd.nullable().meta({
      description:
        "What a credit brought in: USD sales / credits sold (bonus counted) in the range; else the credit value (setting or packages); null with neither.",
    }),
    revenueSource: z.enum(["sales", "credit_value"]).nullable(),
    kieCreditUsd: usd.meta({ description: "What one KIE credit costs us (the admin's setting)." }),
    models: z.array(
      z.object({
        model: z.string(),
        vendor: z.string().meta({ description: "kie or google: who made the videos." }),
        videos: z.number().int().meta({ description: "Completed, not refunded, in the range." }),
        creditsCharged: z.number().int().meta({ description: "Their credits, with their 4K upgrades delivered." }),
        earnedUsd: usd.nullable(),
        costUsd: usd.meta({
          description: "The vendor's reported cost (KIE's creditsConsumed) where it gave one, else our price table's.",
        }),
        reportedCosts: z.number().int().meta({ description: "How many of the videos had a cost the vendor reported." }),
        marginUsd: usd.nullable(),
        marginRate: z.number().nullable().meta({ description: "marginUsd / earnedUsd; null when nothing was earned." }),
      }),
    ),
    belowCost: z
      .array(
        z.object({
          item: z.string().meta({ description: "The price cell (GET /api/models)." }),
          label: z.string(),
          unit: z.enum(["video", "second"]),
          priceUsd: usd.meta({ description: "The web price of one unit at the revenue per credit." }),
          costUsd: usd.meta({ description: "What one unit costs at KIE." }),
        }),
      )
      .meta({ description: "Price cells whose web price sells below KIE's cost at today's prices." }),
  })
  .meta({ id: "UnitEconomics" });
export type UnitEconomics = z.infer<typeof unitEconomicsSchema>;
