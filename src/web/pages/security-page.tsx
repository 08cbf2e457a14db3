import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, ShieldAlert, Smartphone, Trash2 } from "lucide-react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { secondFactorApi } from "../../shared/api/second-factor";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { GoogleSignInAgainButton } from "@/features/auth/google-sign-in";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import {
  FirstFactorField,
  firstFactorBody,
  firstFactorReady,
  type FirstFactor,
} from "@/features/second-factor/first-factor-field";
import { addPasskey, refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { useSecondFactorStatus } from "@/features/second-factor/verify-form";
import { toast } from "@/hooks/use-toast";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { call, errorMessage } from "@/lib/api";

function failed(error: unknown) {
  toast({ title: t`That did not work`, description: errorMessage(error), variant: "destructive" });
}

/** The recovery codes, shown once. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4" role="alert">
      <p className="font-medium">
        <Trans>Your recovery codes. Keep them somewhere safe: each works once, and they are not shown again.</Trans>
      </p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </div>
  );
}

function AuthenticatorCard({
  enabled,
  firstFactor,
  onCodes,
}: {
  enabled: boolean;
  /** Set while the account has no factor: this one is its first (decision 0135). */
  firstFactor: FirstFactor | undefined;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | undefined>();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const start = useMutation({
    mutationFn: () => call(secondFactorApi.totpSetup),
    onSuccess: (answer) => setSetup(answer),
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: () => call(secondFactorApi.totpConfirm, { body: { code, ...firstFactorBody(firstFactor, password) } }),
    onSuccess: async ({ recoveryCodes }) => {
      setSetup(undefined);
      setCode("");
      setPassword("");
      if (recoveryCodes) onCodes(recoveryCodes);
      toast({ title: t`Authenticator app added` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => call(secondFactorApi.totpRemove),
    onSuccess: async () => {
      toast({ title: t`Authenticator app removed` });
      await refreshSecondFactor();
    },
    onError: failed,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="size-5" aria-hidden="true" />
          <Trans>Authenticator app</Trans>
        </CardTitle>
        <CardDescription>
          {enabled ? <Trans>On: sign-in asks for a code from the app.</Trans> : <Trans>Off.</Trans>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {enabled ? (
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
            <Trash2 aria-hidden="true" />
            <Trans>Remove the authenticator app</Trans>
          </Button>
        ) : setup ? (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate();
            }}
          >
            <p className="text-sm text-muted-foreground">
              <Trans>Scan the code with your authenticator app, then type the code it shows.</Trans>
            </p>
            <img
              src={setup.qrCode}
              alt={t`QR code for your authenticator app`}
              className="size-48 rounded bg-white p-2"
            />
            <p className="text-sm">
              <Trans>Or type this key:</Trans>{" "}
              <code className="break-all" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <FormField id="totp-code" label={t`Code from your authenticator app`}>
              <Input
                id="totp-code"
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                onChange={(event) => setCode(event.target.value)}
              />
            </FormField>
            {firstFactor && (
              <FirstFactorField
                id="totp-password"
                firstFactor={firstFactor}
                password={password}
                onPassword={setPassword}
              />
            )}
            <Button
              type="submit"
              disabled={confirm.isPending || code.trim() === "" || !firstFactorReady(firstFactor, password)}
            >
              <Trans>Confirm</Trans>
            </Button>
          </form>
        ) : (
          <Button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
            <Trans>Set up an authenticator app</Trans>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function PasskeysCard({
  passkeys,
  firstFactor,
  onCodes,
}: {
  passkeys: { id: string; name: string }[];
  firstFactor: FirstFactor | undefined;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim(), firstFactorBody(firstFactor, password)),
    onSuccess: async (recoveryCodes) => {
      setName("");
      setPassword("");
      if (recoveryCodes) onCodes(recoveryCodes);
      toast({ title: t`Passkey added` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (passkeyId: string) => call(secondFactorApi.passkeyRemove, { params: { passkeyId } }),
    onSuccess: async () => {
      toast({ title: t`Passkey removed` });
      await refreshSecondFactor();
    },
    onError: failed,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" />
          <Trans>Passkeys</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>A passkey on this device or a security key, instead of a code.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.length > 0 && (
          <ul className="grid gap-2" aria-label={t`Your passkeys`}>
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-2">
                <span>{passkey.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(passkey.id)}
                >
                  <Trash2 aria-hidden="true" />
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <FormField id="passkey-name" label={t`Passkey name`}>
            <Input
              id="passkey-name"
              value={name}
              maxLength={60}
              placeholder={t`My laptop`}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          {firstFactor && (
            <FirstFactorField
              id="passkey-password"
              firstFactor={firstFactor}
              password={password}
              onPassword={setPassword}
            />
          )}
          <Button
            type="submit"
            disabled={add.isPending || name.trim() === "" || !firstFactorReady(firstFactor, password)}
          >
            <Trans>Add a passkey</Trans>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RecoveryCard({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const again = useMutation({
    mutationFn: () => call(secondFactorApi.recoveryCodes),
    onSuccess: async ({ recoveryCodes }) => {
      onCodes(recoveryCodes);
      await refreshSecondFactor();
    },
    onError: failed,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Recovery codes</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>{left} unused. Each works once when you cannot use your app or passkey.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" disabled={again.isPending} onClick={() => again.mutate()}>
          <Trans>Make new recovery codes</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}

function AdminRequirementCard({ required }: { required: boolean }) {
  const save = useMutation({
    mutationFn: (next: boolean) => call(secondFactorApi.requireForAdmins, { body: { required: next } }),
    onSuccess: async () => {
      toast({ title: t`Saved` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Every admin</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>When required, an admin without a second factor can only add one before anything else.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={required}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          <Trans>Require a second factor for every admin account</Trans>
        </label>
      </CardContent>
    </Card>
  );
}

/** /account/security: the person's second factors (decision 0092). */
export function SecurityPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Security`);
  const { user, isResolved } = useCurrentUser();
  const status = useSecondFactorStatus();
  const [codes, setCodes] = useState<string[] | undefined>();

  if (!isResolved) return <PageLoading />;
  if (!user)
    return <SignInPrompt title={t`Sign in to manage your security`} description={t`Your second factors live here.`} />;
  const data = status.data;
  const enrolled = Boolean(data && (data.totp || data.passkeys.length > 0));
  // The first factor asks for the password, or a fresh Google sign-in without one (decision 0135).
  const firstFactor: FirstFactor | undefined = enrolled
    ? undefined
    : { hasPassword: user.hasPassword, googleRecheck: <GoogleSignInAgainButton next="/account/security" /> };
  return (
    <div className="mx-auto grid w-full max-w-3xl flex-1 gap-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Security</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>A second factor keeps your account safe even if your password is stolen.</Trans>
        </p>
      </header>
      {data?.enrolmentRequired && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4" role="alert">
          <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
          <Trans>Every admin account needs a second factor. Add an authenticator app or a passkey to continue.</Trans>
        </p>
      )}
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} />}
      {data ? (
        <>
          <AuthenticatorCard enabled={data.totp} firstFactor={firstFactor} onCodes={setCodes} />
          <PasskeysCard passkeys={data.passkeys} firstFactor={firstFactor} onCodes={setCodes} />
          {enrolled && <RecoveryCard left={data.recoveryCodesLeft} onCodes={setCodes} />}
          {user.isAdmin && <AdminRequirementCard required={data.requiredForAdmins} />}
        </>
      ) : (
        <PageLoading />
      )}
    </div>
  );
}
