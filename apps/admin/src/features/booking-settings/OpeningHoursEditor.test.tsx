import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KNOWN_SETTINGS, type BookingSetting, type OpeningHours, type WeeklyHours } from "@tearoom/domain";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import BookingSettingsPage from "../../routes/booking-settings";
import { procedureError, renderWithTrpc } from "../../test/trpc";

const ALL: BookingSetting[] = Object.entries(KNOWN_SETTINGS).map(([k, v]) => ({
  settingKey: k,
  settingValue: v.value,
  description: null,
  updatedAt: "2026-06-01T10:00:00.000Z",
}));
const usual = { open: "11:00", close: "17:00" };
const WEEK: WeeklyHours = { mon: null, tue: null, wed: usual, thu: usual, fri: usual, sat: usual, sun: usual };
const HOURS: OpeningHours = { weekly: WEEK, seasons: [] };

function renderPage(update: (input: unknown) => unknown = (input) => input) {
  return renderWithTrpc(
    <MemoryRouter initialEntries={["/admin/booking-settings"]}>
      <BookingSettingsPage />
    </MemoryRouter>,
    { "bookingSettings.list": () => ALL, "openingHours.get": () => HOURS, "openingHours.update": update },
  );
}
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe("the opening hours editor (R45)", () => {
  it("shows the week in the Opening hours group, and not the raw week or seasons settings", async () => {
    renderPage();
    const group = await screen.findByRole("region", { name: "Opening hours" });
    const sunday = (await within(group).findByRole("switch", { name: "Sunday open" })) as HTMLInputElement;
    expect(sunday.checked).toBe(true);
    expect((within(group).getByRole("switch", { name: "Monday open" }) as HTMLInputElement).checked).toBe(false);
    expect(input("Sunday closing time").value).toBe("17:00");
    expect(within(group).queryByText(KNOWN_SETTINGS.weekly_hours.help)).toBeNull();
    expect(within(group).queryByText("{}")).toBeNull();
    expect((screen.getByRole("button", { name: "Save opening hours" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves a shorter Sunday, an opened Monday and a winter season with its own week", async () => {
    const { calls } = renderPage();
    await screen.findByRole("switch", { name: "Sunday open" });
    fireEvent.change(input("Sunday closing time"), { target: { value: "16:00" } });
    fireEvent.click(screen.getByRole("switch", { name: "Monday open" }));
    expect(input("Monday opening time").value).toBe("11:00");
    fireEvent.click(screen.getByRole("button", { name: "Add a season" }));
    fireEvent.change(input("Season 1: name"), { target: { value: "Winter" } });
    fireEvent.change(input("Winter: first day"), { target: { value: "2026-11-01" } });
    fireEvent.change(input("Winter: last day"), { target: { value: "2027-02-28" } });
    fireEvent.click(screen.getByRole("switch", { name: "Winter: Wednesday open" }));
    fireEvent.click(screen.getByRole("button", { name: "Save opening hours" }));
    await waitFor(() => expect(calls.some((c) => c.path === "openingHours.update")).toBe(true));
    const winterWeek = { ...WEEK, mon: usual, wed: null, sun: { open: "11:00", close: "16:00" } };
    expect(calls.find((c) => c.path === "openingHours.update")?.input).toEqual({
      weekly: { ...WEEK, mon: usual, sun: { open: "11:00", close: "16:00" } },
      seasons: [{ name: "Winter", from: "2026-11-01", to: "2027-02-28", weekly: winterWeek }],
    });
    expect(await screen.findByText("Opening hours saved")).toBeTruthy();
  });

  it("shows the server's refusal as it says, keeping what was typed", async () => {
    const refusal = "Sunday: closing time (10:00 AM) must be after opening time (11:00 AM).";
    renderPage(() => {
      throw procedureError("BAD_REQUEST", 400, refusal);
    });
    await screen.findByRole("switch", { name: "Sunday open" });
    fireEvent.change(input("Sunday closing time"), { target: { value: "10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save opening hours" }));
    expect((await screen.findByRole("alert")).textContent).toContain(refusal);
    expect(input("Sunday closing time").value).toBe("10:00");
  });

  it("removes a season", async () => {
    const winter = { name: "Winter", from: "2026-11-01", to: "2027-02-28", weekly: WEEK };
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/booking-settings"]}>
        <BookingSettingsPage />
      </MemoryRouter>,
      { "bookingSettings.list": () => ALL, "openingHours.get": () => ({ weekly: WEEK, seasons: [winter] }), "openingHours.update": (i) => i },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove season Winter" }));
    fireEvent.click(screen.getByRole("button", { name: "Save opening hours" }));
    await waitFor(() => expect(calls.find((c) => c.path === "openingHours.update")?.input).toEqual({ weekly: WEEK, seasons: [] }));
  });
});
