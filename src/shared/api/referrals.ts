/**
 * The referral programme (issue 70, decision 0157): the link's visit (a redirect that remembers it),
 * and a person's own figures. The admin's settings and figures are in admin-referrals.ts, so a
 * person's pages never download admin schemas.
 */
import { z } from "zod";
import { noBody } from "../schemas/common.js";
import { myReferralsSchema } from "../schemas/referrals.js";
import { defineRoute, errors } from "./contract.js";

export const referralsApi = {
  visit: defineRoute({
    method: "GET",
    path: "/r/:code",
    tags: ["Site"],
    summary:
      "A referral link: remembers the visit in a sealed cookie (a known code only), then sends to the landing page",
    params: z.object({ code: z.string().max(64) }),
    responses: { 302: noBody },
  }),
  mine: defineRoute({
    method: "GET",
    path: "/api/referrals",
    tags: ["Account"],
    summary: "The signed-in person's referral link, how many joined and bought through it, the credits earned and held",
    responses: { 200: myReferralsSchema, ...errors(401) },
  }),
};
