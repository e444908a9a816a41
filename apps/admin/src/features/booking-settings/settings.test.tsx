import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KNOWN_SETTINGS, SETTING_GROUPS, settingDefinition, type BookingSetting } from "@tearoom/domain";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import BookingSettingsPage from "../../routes/booking-settings";
import { renderWithTheme } from "../../test/render";
import { procedureError, renderWithTrpc } from "../../test/trpc";
import { resetConfirmation } from "./setting-values";
import { SettingField } from "./SettingField";
import { SettingsGroups } from "./SettingsGroups";

const SEED: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));
const setting = (key: string, value = SEED[key] ?? ""): BookingSetting => ({
  settingKey: key,
  settingValue: value,
  description: null,
  updatedAt: "2026-06-01T10:00:00.000Z",
});
const ALL = Object.keys(KNOWN_SETTINGS).map((k) => setting(k));
type Key = keyof typeof KNOWN_SETTINGS;

/** One setting's field, as the screen shows it among the stored settings. */
function renderField(key: Key, onSave = vi.fn().mockResolvedValue(undefined), stored = SEED) {
  renderWithTheme(
    <SettingField
      settingKey={key}
      definition={settingDefinition(key)!}
      setting={setting(key, stored[key])}
      stored={stored}
      onSave={onSave}
      onReset={() => {}}
    />,
  );
  return onSave;
}
const saveButton = (label: string) => screen.getByRole("button", { name: `Save ${label}` }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe("settings in words: groups, labels and help (R46)", () => {
  it("shows each group under a heading, each setting by its label with its help, and no key", () => {
    renderWithTheme(<SettingsGroups settings={ALL} onSave={vi.fn()} onReset={vi.fn()} onRemove={vi.fn()} />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(SETTING_GROUPS.filter((g) => Object.values(KNOWN_SETTINGS).some((d) => d.group === g)));
    const hours = screen.getByRole("region", { name: "Opening hours" });
    const closing = within(hours).getByLabelText("Closing time") as HTMLInputElement;
    expect(closing.type).toBe("time");
    expect(closing.value).toBe("17:00");
    expect(closing.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(hours).getByText(KNOWN_SETTINGS.closing_time.help)).toBeTruthy();
    expect(within(hours).getByRole("switch", { name: "Open on bank holidays" })).toBeTruthy();
    expect(within(hours).getByRole("group", { name: "Closed dates" })).toBeTruthy();
    const privacy = screen.getByRole("region", { name: "Privacy" });
    expect((within(privacy).getByLabelText("How long nightly backups are kept") as HTMLInputElement).value).toBe("14");
    expect(within(privacy).getByText(/From 1 to 365 days\./)).toBeTruthy();
    for (const key of Object.keys(KNOWN_SETTINGS)) expect(screen.queryByText(key)).toBeNull();
  });

  it("offers Reset to default only for a changed setting, and says what the default is", () => {
    const onReset = vi.fn();
    renderWithTheme(
      <SettingsGroups
        settings={ALL.map((s) => (s.settingKey === "closing_time" ? setting("closing_time", "18:00") : s))}
        onSave={vi.fn()}
        onReset={onReset}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect((screen.getByRole("button", { name: "Reset to default: Opening time" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Default: 5:00 PM\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reset to default: Closing time" }));
    expect(onReset).toHaveBeenCalledWith("closing_time");
    expect(resetConfirmation("closing_time")).toBe('Reset "Closing time" to its default, 5:00 PM?');
    expect(resetConfirmation("open_days")).toBe('Reset "Open days" to its default, Wed, Thu, Fri, Sat, Sun?');
  });

  it("lists a stored key the site does not use apart, with Remove", () => {
    const onRemove = vi.fn();
    renderWithTheme(<SettingsGroups settings={[...ALL, setting("parking_note", "Free")]} onSave={vi.fn()} onReset={vi.fn()} onRemove={onRemove} />);
    const unused = screen.getByRole("region", { name: "Not used by the site" });
    fireEvent.click(within(unused).getByRole("button", { name: "Remove parking_note" }));
    expect(onRemove).toHaveBeenCalledWith("parking_note");
  });
});

describe("SettingField: a typed editor per setting, its errors naming fields by label (R33, R46)", () => {
  it("saves only a changed, non-blank value, trimmed", async () => {
    const onSave = renderField("contact_phone");
    const input = screen.getByLabelText("Phone number") as HTMLInputElement;
    expect(input.type).toBe("tel");
    expect(saveButton("Phone number").disabled).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    expect(screen.getByText("Phone number: Enter a value")).toBeTruthy();
    expect(saveButton("Phone number").disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  01234 999999 " } });
    fireEvent.click(saveButton("Phone number"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("contact_phone", "01234 999999"));
  });

  it("checks an e-mail address and a bounded number before sending, naming the field", () => {
    const onSave = renderField("contact_email");
    fireEvent.change(screen.getByLabelText("Contact e-mail address"), { target: { value: "hello@tearoom" } });
    expect(screen.getByText("Contact e-mail address: Use an e-mail address such as hello@example.co.uk")).toBeTruthy();
    expect(saveButton("Contact e-mail address").disabled).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("gives minutes a number field with its bounds, and refuses one outside them", () => {
    renderField("hold_minutes");
    expect(screen.getByText(/From 5 to 240 minutes\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Seat hold while paying"), { target: { value: "241" } });
    expect(screen.getByText("Seat hold while paying: Use a whole number of minutes of at most 240")).toBeTruthy();
    expect(saveButton("Seat hold while paying").disabled).toBe(true);
  });

  it("refuses a time that contradicts another setting, naming both by label, and saves one that fits", async () => {
    const onSave = renderField("opening_time");
    const input = screen.getByLabelText("Opening time") as HTMLInputElement;
    expect(input.type).toBe("time");
    fireEvent.change(input, { target: { value: "18:00" } });
    expect(screen.getByText("Opening time (6:00 PM) must be before Closing time (5:00 PM).")).toBeTruthy();
    fireEvent.submit(input.closest("form")!);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "10:30" } });
    fireEvent.click(saveButton("Opening time"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("opening_time", "10:30"));
  });

  it("picks open days with a checkbox per day", async () => {
    const onSave = renderField("open_days");
    expect((screen.getByRole("checkbox", { name: "Wednesday" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sunday" }));
    fireEvent.click(saveButton("Open days"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("open_days", "mon,wed,thu,fri,sat"));
  });

  it("lists closed dates with a remove button each, and none once all are removed", async () => {
    const onSave = renderField("closed_dates");
    const group = screen.getByRole("group", { name: "Closed dates" });
    fireEvent.click(within(group).getByRole("button", { name: "Remove Fri 25 Dec 2026" }));
    fireEvent.click(within(group).getByRole("button", { name: "Remove Sat 26 Dec 2026" }));
    expect(within(group).getByText("No closed dates")).toBeTruthy();
    fireEvent.click(saveButton("Closed dates"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("closed_dates", "none"));
  });

  it("keeps private-only Secret Garden times among the Secret Garden times", async () => {
    const onSave = renderField("secret_garden_private_only_times");
    fireEvent.change(screen.getByLabelText("Time to add to Private-only Secret Garden times"), { target: { value: "19:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Add time" }));
    expect(
      screen.getByText("Private-only Secret Garden times (6:00 PM, 7:00 PM) must be among Secret Garden times (12:00 PM, 2:00 PM, 4:00 PM, 6:00 PM)."),
    ).toBeTruthy();
    expect(saveButton("Private-only Secret Garden times").disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove 7:00 PM" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove 6:00 PM" }));
    fireEvent.click(saveButton("Private-only Secret Garden times"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("secret_garden_private_only_times", "none"));
  });

  it("switches bank holiday opening on and off", async () => {
    const onSave = renderField("bank_holidays_open");
    fireEvent.click(screen.getByRole("switch", { name: "Open on bank holidays" }));
    fireEvent.click(saveButton("Open on bank holidays"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("bank_holidays_open", "false"));
  });

  it("switches the afternoon tea Coming Soon badge off (R51)", async () => {
    const onSave = renderField("afternoon_tea_coming_soon");
    const badge = screen.getByRole("switch", { name: "Afternoon tea shows Coming Soon" });
    expect((badge as HTMLInputElement).checked).toBe(true);
    fireEvent.click(badge);
    fireEvent.click(saveButton("Afternoon tea shows Coming Soon"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("afternoon_tea_coming_soon", "false"));
  });
});

describe("the booking settings screen", () => {
  function renderPage(extra: Record<string, (input: unknown) => unknown> = {}) {
    return renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/booking-settings"]}>
        <BookingSettingsPage />
      </MemoryRouter>,
      { "bookingSettings.list": () => ALL.map((s) => (s.settingKey === "hold_minutes" ? setting("hold_minutes", "20") : s)), ...extra },
    );
  }

  it("shows the server's refusal on the field, naming the settings by label", async () => {
    const refusal = "Food served until (4:45 PM) must not be after Closing time (4:30 PM).";
    const { calls } = renderPage({
      "bookingSettings.update": () => {
        throw procedureError("BAD_REQUEST", 400, refusal);
      },
    });
    const food = (await screen.findByLabelText("Food served until")) as HTMLInputElement;
    fireEvent.change(food, { target: { value: "16:45" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Food served until" }));
    const form = food.closest("form")!;
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(food.value).toBe("16:45");
    expect(calls.find((c) => c.path === "bookingSettings.update")?.input).toEqual({ key: "food_served_until", value: "16:45" });
  });

  it("resets a setting to its default after a confirmation that names the default", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    const { calls } = renderPage({ "bookingSettings.remove": () => ({ ok: true }) });
    fireEvent.click(await screen.findByRole("button", { name: "Reset to default: Seat hold while paying" }));
    expect(confirm).toHaveBeenCalledWith('Reset "Seat hold while paying" to its default, 15 minutes?');
    await waitFor(() => expect(calls.find((c) => c.path === "bookingSettings.remove")?.input).toEqual({ key: "hold_minutes" }));
    expect(await screen.findByText("Booking setting reset to its default")).toBeTruthy();
  });

  it("does nothing when the reset is not confirmed", async () => {
    vi.stubGlobal(
      "confirm",
      vi.fn(() => false),
    );
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Reset to default: Seat hold while paying" }));
    expect(calls.some((c) => c.path === "bookingSettings.remove")).toBe(false);
  });
});
