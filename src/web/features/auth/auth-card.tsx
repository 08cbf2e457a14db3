import { useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { GoogleSignInButton } from "./google-sign-in";
import { LoginForm } from "./login-form";
import { readSignUpMode } from "./next-after-sign-in";
import { RegisterForm } from "./register-form";

type AuthMode = "signin" | "register";

const COPY: Record<AuthMode, { title: MessageDescriptor; description: MessageDescriptor }> = {
  signin: { title: msg`Welcome back`, description: msg`Sign in to create videos and manage your credits.` },
  register: {
    title: msg`Create your account`,
    description: msg`Join in seconds. Buy credits only when you need them.`,
  },
};

/**
 * Sign In and Register on one card, Register first when the address asks for it (`mode=register`,
 * signUpHref). "Welcome back" greets the sign-in form only: a registration signs the new person in
 * and welcomes them (decision 0167). Signed in, the person goes to `next` (the page they were going to).
 */
export function AuthCard({ next }: { next: string }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<AuthMode>(() => (readSignUpMode() ? "register" : "signin"));

  return (
    <Card className="w-full">
      <CardHeader className="pb-4">
        <CardTitle className="text-2xl">{t(COPY[mode].title)}</CardTitle>
        <CardDescription>{t(COPY[mode].description)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={mode} onValueChange={(value) => setMode(value === "register" ? "register" : "signin")}>
          <TabsList aria-label={t`Sign in or register`} className="mb-6">
            <TabsTrigger value="signin">
              <Trans>Sign In</Trans>
            </TabsTrigger>
            <TabsTrigger value="register">
              <Trans>Register</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <LoginForm next={next} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm next={next} />
          </TabsContent>
        </Tabs>
        <GoogleSignInButton next={next} />
      </CardContent>
    </Card>
  );
}
