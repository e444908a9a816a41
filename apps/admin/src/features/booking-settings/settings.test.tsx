import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SETTING_KEY_MESSAGE, type BookingSetting } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { AddSettingForm } from "./AddSettingForm";
import { SettingRow } from "./SettingRow";

const setting = (key: string, value: string): BookingSetting => ({ settingKey: key, settingValue: value, description: null, updatedAt: "2026-06-01T10:00:00.000Z" });

describe("SettingRow inline edit", () => {
  it("saves only a non-blank value, trimmed", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithTheme(<SettingRow setting={setting("max_guests", "20")} onSave={onSave} onDelete={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Edit max_guests" }));
    const input = screen.getByLabelText("New value for max_guests");
    fireEvent.change(input, { target: { value: "   " } });
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  24 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("max_guests", "24"));
    await waitFor(() => expect(screen.queryByLabelText("New value for max_guests")).toBeNull());
  });

  it("checks a known setting's value before sending it (R11)", () => {
    const onSave = vi.fn();
    renderWithTheme(<SettingRow setting={setting("opening_time", "11:00")} onSave={onSave} onDelete={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Edit opening_time" }));
    fireEvent.change(screen.getByLabelText("New value for opening_time"), { target: { value: "eleven" } });
    expect(screen.getByText(/opening_time: Use a 24-hour time/)).toBeTruthy();
    fireEvent.submit(screen.getByLabelText("New value for opening_time").closest("form")!);
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe("AddSettingForm", () => {
  it("is enabled only with a key and a value", () => {
    renderWithTheme(<AddSettingForm onCreate={vi.fn()} />);
    const create = screen.getByRole("button", { name: "Create Setting" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "max_guests" } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Value"), { target: { value: "20" } });
    expect(create.disabled).toBe(false);
  });

  it("explains a key that is not snake_case and sends nothing", () => {
    const onCreate = vi.fn();
    renderWithTheme(<AddSettingForm onCreate={onCreate} />);
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "Max Guests" } });
    fireEvent.change(screen.getByLabelText("Value"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Setting" }));
    expect(screen.getByText(SETTING_KEY_MESSAGE)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("creates a setting and clears the form", async () => {
    const onCreate = vi.fn().mockResolvedValue(undefined);
    renderWithTheme(<AddSettingForm onCreate={onCreate} />);
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: "max_guests" } });
    fireEvent.change(screen.getByLabelText("Value"), { target: { value: " 20 " } });
    fireEvent.click(screen.getByRole("button", { name: "Create Setting" }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ settingKey: "max_guests", settingValue: "20" }));
    await waitFor(() => expect((screen.getByLabelText("Key") as HTMLInputElement).value).toBe(""));
  });
});
