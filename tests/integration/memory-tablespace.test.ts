/**
 * The PostgreSQL pass keeps its test databases in a tablespace in memory where the server allows
 * one (tests/helpers/memory-tablespace.ts, decision 0123), and falls back to the server's own
 * place where it does not. PostgreSQL only: PGlite has no tablespaces.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMemoryTablespace, type MemoryTablespace } from "../helpers/memory-tablespace.js";
import { adminQuery } from "../helpers/pg-admin.js";
import { usingPostgres } from "../helpers/test-db.js";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";

const locationOf = async (name: string) =>
  (
    await adminQuery<{ location: string }>(
      adminUrl,
      "select pg_tablespace_location(oid) as location from pg_tablespace where spcname = $1",
      [name],
    )
  )[0]?.location;

describe.skipIf(!usingPostgres)("test databases in a tablespace in memory", () => {
  let tablespace: MemoryTablespace | undefined;

  beforeAll(async () => {
    tablespace = await createMemoryTablespace(adminUrl);
  });
  afterAll(async () => {
    await tablespace?.drop();
  });

  // Where this server allows one (it runs on this machine and this process may give it a folder,
  // as on CI), the run's template, and so every database copied from it, is in memory.
  it("puts the run's template in one where the server allows it", async ({ skip }) => {
    if (!tablespace) skip("this server or machine does not allow a tablespace in memory");
    const [row] = await adminQuery<{ spcname: string; location: string }>(
      adminUrl,
      `select t.spcname, pg_tablespace_location(t.oid) as location
         from pg_database d join pg_tablespace t on t.oid = d.dattablespace where d.datname = $1`,
      [inject("postgresTemplate")],
    );
    expect(row?.spcname).toMatch(/^veo_test_[0-9a-f]{12}$/);
    expect(row?.location).toMatch(/^\/dev\/shm\/veo-test-pg-/);
  });

  it("holds a new database's files in its folder, and drop() removes what a test left, then itself", async ({
    skip,
  }) => {
    const space = tablespace;
    if (!space) return skip("this server or machine does not allow a tablespace in memory");
    const folder = await locationOf(space.name);
    expect(folder).toMatch(/^\/dev\/shm\/veo-test-pg-/);
    const left = `test_left_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${left} tablespace ${space.name}`);
    const [database] = await adminQuery<{ oid: number }>(adminUrl, "select oid from pg_database where datname = $1", [
      left,
    ]);
    // PostgreSQL keeps a tablespace's databases in <folder>/PG_<version>_<catalogue>/<database oid>.
    const [version] = fs.readdirSync(folder!);
    expect(fs.readdirSync(`${folder}/${version}/${database?.oid}`).length).toBeGreaterThan(100);

    tablespace = undefined;
    await space.drop();
    expect(await adminQuery(adminUrl, "select 1 from pg_database where datname = $1", [left])).toEqual([]);
    expect(await locationOf(space.name)).toBeUndefined();
    expect(fs.existsSync(folder!)).toBe(false);
  });

  it("is not made for a role that is not a superuser: the databases stay where the server keeps them", async () => {
    const role = `veo_test_plain_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl, `create role ${role} login`);
    try {
      const url = new URL(adminUrl);
      url.username = role;
      url.password = "";
      expect(await createMemoryTablespace(url.toString())).toBeUndefined();
    } finally {
      await adminQuery(adminUrl, `drop role ${role}`);
    }
  });
});
