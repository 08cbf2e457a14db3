import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { useSaveTelegram, useTestTelegram } from "@/features/admin/admin-api";
import { SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { SaveButton } from "./save-button";

/** Telegram bot configuration: save, and 'Test Telegram Bot' (decision 0024). */
export function TelegramCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const [token, setToken] = useState(settings.telegramBotToken ?? "");
  const [chatId, setChatId] = useState(settings.telegramChatId ?? "");
  const save = useSaveTelegram();
  const test = useTestTelegram();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { telegramBotToken: token, telegramChatId: chatId.trim() },
      { onSuccess: ({ settings: saved }) => setToken(saved.telegramBotToken ?? "") },
    );
  };

  return (
    <SectionCard
      id="telegram-title"
      title={t`Telegram Notifications`}
      description={t`Purchases, failed videos and provider accounts running low are sent to this chat.`}
    >
      <form onSubmit={submit} className="grid gap-4" aria-label={t`Telegram settings`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SecretField
            id="telegramBotToken"
            label={t`Bot token`}
            value={token}
            onValueChange={setToken}
            hint={t`From @BotFather.`}
          />
          <TextField
            id="telegramChatId"
            label={t`Chat ID`}
            placeholder={t`-1001234567890 or @channel`}
            value={chatId}
            onValueChange={setChatId}
          />
        </div>
        <SaveButton pending={save.isPending} label={<Trans>Save Telegram Settings</Trans>}>
          <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
            <Send aria-hidden="true" />
            {test.isPending ? <Trans>Sending...</Trans> : <Trans>Test Telegram Bot</Trans>}
          </Button>
        </SaveButton>
      </form>
    </SectionCard>
  );
}
