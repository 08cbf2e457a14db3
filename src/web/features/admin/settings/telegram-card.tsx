import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { telegramSettingsSchema, type AdminSettingsView } from "../../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { useSaveTelegram, useTestTelegram } from "@/features/admin/admin-api";
import { SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { refusedFields } from "./refused-fields";
import type { Problems } from "./field-binders";

/** Telegram bot configuration, saved with its section, and 'Test Telegram Bot' (decision 0024). */
export function TelegramCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({
    token: s.telegramBotToken ?? "",
    chatId: s.telegramChatId ?? "",
  }));
  const save = useSaveTelegram();
  const test = useTestTelegram();

  const [problems, setProblems] = useState<Problems>({});
  const body = { telegramBotToken: draft.token, telegramChatId: draft.chatId.trim() };
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(telegramSettingsSchema, body, {
        telegramChatId: t`Enter the chat's number, e.g. -1001234567890, or a channel's @name.`,
      });
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });

  return (
    <SectionCard
      id="telegram-title"
      title={t`Telegram Notifications`}
      description={t`Purchases, failed videos and provider accounts running low are sent to this chat.`}
    >
      <div role="group" className="grid gap-4" aria-label={t`Telegram settings`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SecretField
            id="telegramBotToken"
            label={t`Bot token`}
            value={draft.token}
            onValueChange={set("token")}
            hint={t`From @BotFather.`}
          />
          <TextField
            id="telegramChatId"
            label={t`Chat ID`}
            placeholder={t`-1001234567890 or @channel`}
            value={draft.chatId}
            error={problems.telegramChatId}
            onValueChange={(value) => {
              set("chatId")(value);
              setProblems({});
            }}
          />
        </div>
        <div className="flex justify-end">
          <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
            <Send aria-hidden="true" />
            {test.isPending ? <Trans>Sending...</Trans> : <Trans>Test Telegram Bot</Trans>}
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}
