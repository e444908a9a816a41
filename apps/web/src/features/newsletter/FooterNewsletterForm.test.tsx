import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { FooterNewsletterForm } from "./FooterNewsletterForm";

describe("footer newsletter form", () => {
  it("takes the server's 202 (double opt-in, the same answer for every address) as success", async () => {
    const api = mockApi((url) => (url.pathname === "/api/newsletter/subscribe" ? { status: 202, body: { ok: true } } : undefined));
    renderApp(<FooterNewsletterForm />);
    const field = screen.getByLabelText("Email address") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "reader@example.com" } });
    fireEvent.submit(field.closest("form")!);
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Thank You!");
    expect(done.textContent).toContain("You're subscribed to our newsletter.");
    expect(field.value).toBe("");
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toMatchObject({ email: "reader@example.com", source: "footer", website: "" });
  });

  it("shows the server's reason when the address is refused", async () => {
    mockApi((url) => (url.pathname === "/api/newsletter/subscribe" ? { status: 400, body: { message: "email: Please enter a valid email" } } : undefined));
    renderApp(<FooterNewsletterForm />);
    const field = screen.getByLabelText("Email address") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "reader@example" } });
    fireEvent.submit(field.closest("form")!);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Subscription failed");
    expect(alert.textContent).toContain("email: Please enter a valid email");
    expect(field.value).toBe("reader@example");
  });
});
