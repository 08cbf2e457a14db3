/** What the audit log records (decision 0052): every admin action, by a stable name, with its label for the page's filter. */
export const AUDIT_ACTIONS = {
  "admin.sign_in": "Admin signed in",
  "settings.update": "Settings changed",
  "telegram.update": "Telegram settings changed",
  "telegram.test": "Telegram test sent",
  "package.create": "Credit package added",
  "package.update": "Credit package changed",
  "package.delete": "Credit package deleted",
  "user.credits": "Credits set",
  "user.enable": "User enabled",
  "user.disable": "User disabled",
  "user.sign_out": "User signed out everywhere",
  "user.api_token_revoke": "API token revoked",
  "transaction.refund": "Video refunded",
  "kie_api.create": "Provider account added",
  "kie_api.update": "Provider account changed",
  "kie_api.delete": "Provider account deleted",
  "kie_api.check_balance": "Provider balance checked",
  "videos.recheck_failed": "Failed videos re-checked",
  "videos.delete_failed": "Failed videos deleted",
  "export.users": "Users exported",
  "export.transactions": "Transactions exported",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
