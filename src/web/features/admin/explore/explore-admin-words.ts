/** The admin Explore tab's words for statuses, filters and report reasons (issue 72). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ExploreReportReason, ExploreStatus } from "../../../../shared/schemas/explore";
import type { AdminExploreFilter } from "./explore-admin-api";

export const FILTER_LABELS: Record<AdminExploreFilter, MessageDescriptor> = {
  pending: msg`Waiting for approval`,
  reported: msg`Reported`,
  listed: msg`Listed`,
  featured: msg`Featured`,
  hidden: msg`Hidden`,
};

export const STATUS_LABELS: Record<ExploreStatus, MessageDescriptor> = {
  pending: msg`Waiting for approval`,
  listed: msg`Listed`,
  hidden: msg`Hidden`,
};

export const REASON_LABELS: Record<ExploreReportReason, MessageDescriptor> = {
  sexual: msg`Sexual content`,
  violence: msg`Violence or gore`,
  hate: msg`Hate or harassment`,
  copyright: msg`Copyright or someone's likeness`,
  spam: msg`Spam or misleading`,
  other: msg`Something else`,
};
