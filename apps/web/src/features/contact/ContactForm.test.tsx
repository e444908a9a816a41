import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { ContactForm } from "./ContactForm";

describe("ContactForm", () => {
  it("an empty Send shows the spec's messages, focuses the name and sends nothing", async () => {
    const api = mockApi(() => undefined);
    renderApp(<ContactForm />);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    for (const text of ["Please enter your name", "Please enter a valid email", "Please select an enquiry type", "Message must be at least 10 characters"]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(api).not.toHaveBeenCalled();
  });

  it("sends the message with the honeypot, reads Sending..., thanks the visitor and clears the form", async () => {
    let release: () => void = () => undefined;
    const api = mockApi(() => undefined);
    api.mockImplementation(() => new Promise((resolve) => (release = () => resolve(new Response("{}", { status: 201 })))));
    renderApp(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Enquiry type/), { target: { value: "general-enquiry" } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: "A table for the garden, please." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeTruthy();
    release();
    expect((await screen.findByRole("status")).textContent).toContain("Message Sent");
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toMatchObject({ name: "Ada", enquiryType: "general-enquiry", website: "" });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
  });
});
