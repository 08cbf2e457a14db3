/**
 * The contact card's inline errors (issue 68): the server's own rules, in the owner's words and
 * language, never a setting's name; a blank channel is fine.
 */
import { describe, expect, it } from "vitest";
import { contactProblems } from "@/features/admin/settings/contact-problems";
import { useLocale } from "./render";

const ok = {
  contactZaloPhone: "+84 912 345 678",
  contactZaloGroupUrl: "",
  contactTelegram: "@veo_owner",
  contactEmail: "",
};

describe("the contact channels' problems", () => {
  it("say what to enter, beside each wrong field, and nothing for right or blank ones", async () => {
    await useLocale("en", "admin");
    expect(contactProblems(ok)).toEqual({});
    const wrong = contactProblems({
      contactZaloPhone: "12ab",
      contactZaloGroupUrl: "http://zalo.me/g/x",
      contactTelegram: "@ab",
      contactEmail: "not-an-address",
    });
    expect(wrong).toEqual({
      contactZaloPhone: "Enter a phone number of 8 to 15 digits, e.g. +84 912 345 678.",
      contactZaloGroupUrl: "Enter the community's link, starting with https://, e.g. https://zalo.me/g/abc123.",
      contactTelegram: "Enter a Telegram username of 5 to 32 letters, digits or _, e.g. @your_name.",
      contactEmail: "Enter an e-mail address, e.g. support@example.com.",
    });
    expect(Object.values(wrong).join(" ")).not.toMatch(/contact[A-Z]/);
  });

  it("speak Vietnamese to a Vietnamese owner", async () => {
    await useLocale("vi", "admin");
    expect(contactProblems({ ...ok, contactZaloPhone: "123" }).contactZaloPhone).toBe(
      "Nhập số điện thoại có 8 đến 15 chữ số, ví dụ +84 912 345 678.",
    );
  });
});
