/** The notices' names (decision 0086), on /my-account's switches and the /unsubscribe page. */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { NoticeField } from "../../../shared/notices";

export const NOTICE_NAMES: Record<NoticeField, MessageDescriptor> = {
  videoReady: msg`Video ready`,
  videoFailed: msg`Video failed`,
  lowBalance: msg`Low balance`,
  newSignIn: msg`New sign-in`,
};
