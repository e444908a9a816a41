import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KNOWN_SETTINGS, type BookingSetting } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { AddSettingForm } from "./AddSettingForm";
import { SettingRow } from "./SettingRow";

const SEED: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));
const setting = (key: string, value = SEED[key] ?? ""): BookingSetting => ({
  settingKey: key,
  settingValue: value,
  description: null,
  updatedAt: "2026-06-01T10:00:00.000Z",
});

function renderRow(key: string, onSave = vi.fn().mockResolvedValue(undefined), stored = SEED) {
  renderWithTheme(<SettingRow setting={setting(key, stored[key])} stored={stored} onSave={onSave} onDelete={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: `Edit ${key}` }));
  return onSave;
}
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

describe("SettingRow: a typed editor per setting (R33)", () => {
  it("saves only a non-blank value, trimmed", async () => {
    const onSave = renderRow("contact_phone");
    const input = screen.getByLabelText("New value for contact_phone");
    expect((input as HTMLInputElement).type).toBe("tel");
    fireEvent.change(input, { target: { value: "   " } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  01234 999999 " } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("contact_phone", "01234 999999"));
    await waitFor(() => expect(screen.queryByLabelText("New value for contact_phone")).toBeNull());
  });

  it("checks an e-mail address and a bounded number before sending", () => {
    const onSave = renderRow("contact_email");
    fireEvent.change(screen.getByLabelText("New value for contact_email"), { target: { value: "hello@tearoom" } });
    expect(screen.getByText("contact_email: Use an e-mail address such as hello@example.co.uk")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("gives minutes a number field with its bounds, and refuses one outside them", () => {
    renderRow("hold_minutes");
    expect(screen.getByText("5 to 240 minutes")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("New value for hold_minutes"), { target: { value: "241" } });
    expect(screen.getByText("hold_minutes: Use a whole number of minutes of at most 240")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("gives the days backups are kept a number field from 1 to 365 (R41)", async () => {
    const onSave = renderRow("backup_keep_days");
    expect(screen.getByText("1 to 365 days")).toBeTruthy();
    const input = screen.getByLabelText("New value for backup_keep_days");
    fireEvent.change(input, { target: { value: "0" } });
    expect(screen.getByText("backup_keep_days: Use a whole number of days of at least 1")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "30" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("backup_keep_days", "30"));
  });

  it("refuses a time that contradicts another setting, naming both, and saves one that fits", async () => {
    const onSave = renderRow("opening_time");
    const input = screen.getByLabelText("New value for opening_time") as HTMLInputElement;
    expect(input.type).toBe("time");
    fireEvent.change(input, { target: { value: "18:00" } });
    expect(screen.getByText("opening_time (18:00) must be before closing_time (17:00)")).toBeTruthy();
    fireEvent.submit(input.closest("form")!);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "10:30" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("opening_time", "10:30"));
  });

  it("picks open days with a checkbox per day", async () => {
    const onSave = renderRow("open_days");
    expect((screen.getByRole("checkbox", { name: "Wednesday" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sunday" }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("open_days", "mon,wed,thu,fri,sat"));
  });

  it("lists closed dates with a remove button each, and none once all are removed", async () => {
    const onSave = renderRow("closed_dates");
    const group = screen.getByRole("group", { name: "New value for closed_dates" });
    fireEvent.click(within(group).getByRole("button", { name: "Remove Fri 25 Dec 2026" }));
    fireEvent.click(within(group).getByRole("button", { name: "Remove Sat 26 Dec 2026" }));
    expect(within(group).getByText("No closed dates")).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("closed_dates", "none"));
  });

  it("keeps private-only Secret Garden times among the Secret Garden times", async () => {
    const onSave = renderRow("secret_garden_private_only_times");
    fireEvent.change(screen.getByLabelText("Time to add to secret_garden_private_only_times"), { target: { value: "19:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Add time" }));
    expect(screen.getByText("secret_garden_private_only_times (18:00, 19:00) must be among secret_garden_times (12:00, 14:00, 16:00, 18:00)")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove 19:00" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove 18:00" }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("secret_garden_private_only_times", "none"));
  });

  it("switches bank holiday opening on and off", async () => {
    const onSave = renderRow("bank_holidays_open");
    fireEvent.click(screen.getByRole("switch", { name: "New value for bank_holidays_open" }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("bank_holidays_open", "false"));
  });

  it("shows values as staff read them, with the default when it differs", () => {
    renderWithTheme(
      <ul>
        <SettingRow setting={setting("open_days", "sat,sun")} stored={SEED} onSave={vi.fn()} onDelete={() => {}} />
        <SettingRow setting={setting("closed_dates")} stored={SEED} onSave={vi.fn()} onDelete={() => {}} />
      </ul>,
    );
    expect(screen.getByText("Sat, Sun")).toBeTruthy();
    expect(screen.getByText(/Default Wed, Thu, Fri, Sat, Sun/)).toBeTruthy();
    expect(screen.getByText("Fri 25 Dec 2026, Sat 26 Dec 2026")).toBeTruthy();
    expect(screen.getByText(/Default value/)).toBeTruthy();
  });

  it("offers only Delete for a stored key the site does not use", () => {
    const onDelete = vi.fn();
    renderWithTheme(<SettingRow setting={setting("parking_note", "Free")} stored={{ ...SEED, parking_note: "Free" }} onSave={vi.fn()} onDelete={onDelete} />);
    expect(screen.getByText("Not used by the site")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit parking_note" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete parking_note" }));
    expect(onDelete).toHaveBeenCalledWith("parking_note");
  });
});

describe("AddSettingForm", () => {
  it("says every setting is listed when none is missing", () => {
    renderWithTheme(<AddSettingForm missingKeys={[]} stored={SEED} onCreate={vi.fn()} />);
    expect(screen.getByText(/Every setting the site uses is listed below/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Setting" })).toBeNull();
  });

  it("adds a known setting that has no row, in its own editor, enabled only with a key and a value", async () => {
    const { events_email: _missing, ...stored } = SEED;
    const onCreate = vi.fn().mockResolvedValue(undefined);
    renderWithTheme(<AddSettingForm missingKeys={["events_email"]} stored={stored} onCreate={onCreate} />);
    const create = screen.getByRole("button", { name: "Create Setting" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "events_email" } });
    const value = screen.getByLabelText("Value") as HTMLInputElement;
    expect(value.value).toBe("events@heritagetearoom.co.uk");
    fireEvent.change(value, { target: { value: " " } });
    expect(create.disabled).toBe(true);
    fireEvent.change(value, { target: { value: "not an address" } });
    fireEvent.click(create);
    expect(await screen.findByText("events_email: Use an e-mail address such as hello@example.co.uk")).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    fireEvent.change(value, { target: { value: " garden@tearoom.co.uk " } });
    fireEvent.click(create);
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ settingKey: "events_email", settingValue: "garden@tearoom.co.uk" }));
  });
});
