import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { StaffUser } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import AccountsPage from "./accounts";

const accounts: StaffUser[] = [
  { id: 1, username: "admin", role: "owner", createdAt: "2027-01-01T10:00:00.000Z", email: null },
  { id: 2, username: "mabel", role: "staff", createdAt: "2027-02-01T10:00:00.000Z", email: null },
];

afterEach(() => vi.unstubAllGlobals());

describe("the Accounts screen", () => {
  it("gives the owner the accounts with reset and remove for everyone but themself", async () => {
    const { calls } = renderWithTrpc(<AccountsPage />, {
      "auth.session": () => ({ username: "admin", role: "owner" }),
      "staffUsers.list": () => accounts,
    });
    expect(await screen.findByRole("button", { name: "Remove mabel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset password for mabel" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove admin" })).toBeNull();
    expect(screen.getByText("(you)")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Add an account" })).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain("staffUsers.list");
  });

  it("shows staff only their own password form, and never asks for the accounts", async () => {
    const { calls } = renderWithTrpc(<AccountsPage />, { "auth.session": () => ({ username: "mabel", role: "staff" }) });
    expect(await screen.findByText("Your password and your calendar feed.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change password" })).toBeTruthy();
    expect(screen.queryByText("Staff accounts")).toBeNull();
    expect(screen.queryByRole("form", { name: "Add an account" })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain("staffUsers.list");
  });

  it("checks the password forms before sending anything", async () => {
    const { calls } = renderWithTrpc(<AccountsPage />, {
      "auth.session": () => ({ username: "admin", role: "owner" }),
      "staffUsers.list": () => accounts,
    });
    await screen.findByRole("button", { name: "Remove mabel" });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: "old-password" } });
    fireEvent.change(screen.getByLabelText(/^New password(?! again)/), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Use at least 8 characters")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password(?! again)/), { target: { value: "long-enough-1" } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: "long-enough-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The two new passwords differ")).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Add account" }));
    await waitFor(() => expect(screen.getByText(/Username: 2 to 50 letters/)).toBeTruthy());
    expect(calls.map((c) => c.path).filter((p) => p !== "auth.session" && p !== "staffUsers.list" && p !== "calendarFeeds.list")).toEqual([]);
  });

  it("makes a calendar feed, shows its address once with a copy button, and revokes it", async () => {
    let feeds: { id: number; createdAt: string }[] = [];
    const { calls } = renderWithTrpc(<AccountsPage />, {
      "auth.session": () => ({ username: "mabel", role: "staff" }),
      "calendarFeeds.list": () => feeds,
      "calendarFeeds.create": () => {
        feeds = [{ id: 7, createdAt: "2027-06-02T08:00:00.000Z" }];
        return { ...feeds[0], url: "https://tearoom.example/calendar/abc.ics" };
      },
      "calendarFeeds.remove": () => {
        feeds = [];
        return null;
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Make a calendar feed" }));
    expect(((await screen.findByLabelText(/Your feed's address/)) as HTMLInputElement).value).toBe("https://tearoom.example/calendar/abc.ics");
    expect(screen.getByRole("button", { name: "Copy address" })).toBeTruthy();
    vi.stubGlobal("confirm", () => true);
    fireEvent.click(await screen.findByRole("button", { name: /^Revoke the feed made/ }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain("calendarFeeds.remove"));
    await waitFor(() => expect(screen.queryByLabelText(/Your feed's address/)).toBeNull());
  });
});
