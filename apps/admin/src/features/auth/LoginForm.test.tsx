import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { LoginForm } from "./LoginForm";

describe("LoginForm", () => {
  it("shows the spec's messages and sends nothing when both fields are empty", () => {
    const onSubmit = vi.fn();
    renderWithTheme(<LoginForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Username is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
  });

  it("focuses the password when only the password is missing, and clears a message as the field is typed in", () => {
    renderWithTheme(<LoginForm onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.queryByText("Username is required")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "x" } });
    expect(screen.queryByText("Password is required")).toBeNull();
  });

  it("sends the trimmed username and the password", () => {
    const onSubmit = vi.fn();
    renderWithTheme(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: "  admin " } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "secret pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(onSubmit).toHaveBeenCalledWith({ username: "admin", password: "secret pass" });
  });

  it("shows the demo pair only when the server gives one (R2)", () => {
    const { rerender } = renderWithTheme(<LoginForm onSubmit={() => {}} demoHint={null} />);
    expect(screen.queryByText("Demo login")).toBeNull();
    rerender(<LoginForm onSubmit={() => {}} demoHint={{ username: "admin", password: "tearoom-demo" }} />);
    expect(screen.getByText("Demo login")).toBeTruthy();
    // Each value stays on one line: "tearoom-" and "demo" on two lines would read as another password.
    expect(screen.getByText("tearoom-demo").className).toMatch(/credential/);
    expect(screen.getByText("admin").className).toMatch(/credential/);
  });
});
