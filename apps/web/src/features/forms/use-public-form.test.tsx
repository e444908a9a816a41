import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Honeypot } from "./Honeypot";
import { usePublicForm, type PublicFormOptions } from "./use-public-form";

afterEach(() => {
  vi.doUnmock("./form-schemas");
  vi.resetModules();
});

type Draft = { name: string; email: string; message: string; enquiryType: string };
const EMPTY: Draft = { name: "", email: "", message: "", enquiryType: "" };

/** A contact form as small as it gets: three fields, the honeypot and a button. */
function Contact(props: Partial<PublicFormOptions<"contact", Draft>>) {
  const form = usePublicForm<"contact", Draft>({
    schema: "contact",
    initialValues: EMPTY,
    honeypot: true,
    toInput: (d) => ({ ...d, enquiryType: d.enquiryType || undefined }),
    onValid: () => undefined,
    onFailure: () => undefined,
    ...props,
  });
  const field = (name: "name" | "email" | "message") => (
    <p>
      <label>
        {name}
        <input value={form.values[name]} onChange={(e) => form.setField(name, e.currentTarget.value)} aria-invalid={form.errors[name] ? true : undefined} />
      </label>
      {form.errors[name] ? <span>{form.errors[name]}</span> : null}
    </p>
  );
  return (
    <form {...form.formProps} aria-label="Contact">
      <p>Intro</p>
      {field("name")}
      {field("email")}
      {field("message")}
      <Honeypot {...form.honeypotProps} />
      <button type="submit">{form.pending ? "Sending..." : "Send"}</button>
    </form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillValid = () => {
  fill("name", "Ada");
  fill("email", "ada@example.com");
  fill("message", "A table for the garden, please.");
  fireEvent.change(document.querySelector('input[name="website"]')!, { target: { value: "" } });
};

describe("usePublicForm", () => {
  it("shows the schema's message under each field, focuses the first, and sends nothing", async () => {
    const onValid = vi.fn();
    render(<Contact onValid={onValid} />);
    fill("email", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Please enter your name")).toBeTruthy();
    expect(screen.getByText("Message must be at least 10 characters")).toBeTruthy();
    expect(screen.queryByText("Please enter a valid email")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("name")));
    expect(onValid).not.toHaveBeenCalled();

    // A field's message goes when the visitor changes it; the others stay.
    fill("name", "Ada");
    expect(screen.queryByText("Please enter your name")).toBeNull();
    expect(screen.getByText("Message must be at least 10 characters")).toBeTruthy();
  });

  it("focuses a later field when the earlier ones are right", async () => {
    render(<Contact />);
    fill("name", "Ada");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("email")));
  });

  it("sends the parsed values with the honeypot, pending until the send settles, and ignores a second press meanwhile", async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Contact onValid={onValid} toInput={(d) => ({ ...d, name: ` ${d.name} `, enquiryType: "general-enquiry" })} />);
    fillValid();
    fireEvent.change(document.querySelector('input[name="website"]')!, { target: { value: "bot.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const sending = await screen.findByRole("button", { name: "Sending..." });
    fireEvent.click(sending);
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]).toEqual([
      expect.objectContaining({ name: "Ada", email: "ada@example.com", website: "bot.example" }),
      expect.objectContaining({ name: "Ada" }),
    ]);
    finish();
    expect(await screen.findByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("gives a failed send to onFailure and leaves the values for another try", async () => {
    const onFailure = vi.fn();
    render(<Contact toInput={(d) => ({ ...d, enquiryType: "general-enquiry" })} onValid={() => Promise.reject(new Error("offline"))} onFailure={onFailure} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(new Error("offline")));
    expect((screen.getByLabelText("name") as HTMLInputElement).value).toBe("Ada");
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("stops before the schema when the form's own check says so", async () => {
    const onValid = vi.fn();
    const beforeCheck = vi.fn(() => false);
    render(<Contact beforeCheck={beforeCheck} onValid={onValid} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(beforeCheck).toHaveBeenCalledWith(EMPTY));
    expect(screen.queryByText("Please enter your name")).toBeNull();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("shows the messages the form maps them to", async () => {
    render(<Contact onInvalid={(errors) => ({ ...errors, name: "Who are you?" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Who are you?")).toBeTruthy();
  });

  it("reports schemas that cannot be loaded as a failure, and loads them on the next submit", async () => {
    vi.resetModules();
    vi.doMock("./form-schemas", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { usePublicForm: freshHook } = await import("./use-public-form");
    const onFailure = vi.fn();
    function Tiny() {
      const form = freshHook<"contact", Draft>({ schema: "contact", initialValues: EMPTY, toInput: (d) => d, onValid: () => undefined, onFailure });
      return (
        <form {...form.formProps}>
          {form.errors.name ? <span>{form.errors.name}</span> : null}
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Tiny />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    vi.doUnmock("./form-schemas");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Please enter your name")).toBeTruthy();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
