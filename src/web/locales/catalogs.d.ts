/** A catalogue (.po) compiled by @lingui/vite-plugin into a module of messages. */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
