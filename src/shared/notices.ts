/**
 * The mail notices a person can turn off (decision 0086), by kind, and the preference field each
 * is in the API (GET/PUT /api/user/notices). The server's mail kinds (features/mail/kinds.ts) are
 * these; the /unsubscribe page names them.
 */
export const NOTICE_KINDS = ["video_ready", "video_failed", "low_balance", "new_sign_in"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_FIELDS = {
  video_ready: "videoReady",
  video_failed: "videoFailed",
  low_balance: "lowBalance",
  new_sign_in: "newSignIn",
} as const satisfies Record<NoticeKind, string>;
export type NoticeField = (typeof NOTICE_FIELDS)[NoticeKind];

export const isNoticeKind = (kind: unknown): kind is NoticeKind =>
  typeof kind === "string" && (NOTICE_KINDS as readonly string[]).includes(kind);
