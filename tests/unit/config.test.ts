import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type TrustHops } from "../../src/server/config.js";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      databasePoolSize: 20,
      publicUrl: "http://localhost:3000",
      secureCookies: false,
      admin: undefined,
      logLevel: "info",
      trustProxy: false,
      registerLimitPerIp: 20,
      loginLimitPerIp: 50,
    });
  });

  it("reads every variable", () => {
    const c = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@localhost/db",
      DATABASE_POOL_SIZE: "8",
      PUBLIC_URL: "https://veo.example.com/",
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "longenough",
      LOG_LEVEL: "warn",
      SECRETS_KEY: "k".repeat(32),
      TRUST_PROXY: "true",
      LOGIN_LIMIT_PER_IP: "500",
    });
    expect(c).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/tmp/x",
      databaseUrl: "postgres://u@localhost/db",
      databasePoolSize: 8,
      publicUrl: "https://veo.example.com",
      secureCookies: true,
      admin: { username: "boss", password: "longenough", removeSecondFactor: false },
      logLevel: "warn",
      secretsKey: "k".repeat(32),
      loginLimitPerIp: 500,
    });
    expect((c.trustProxy as TrustHops).hops).toBe(1);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ ADMIN_USERNAME: "boss" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "longenough" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ SECRETS_KEY: "too-short" }, "SECRETS_KEY"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ LOGIN_LIMIT_PER_IP: "0" }, "LOGIN_LIMIT_PER_IP"],
  ])("rejects %j naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
