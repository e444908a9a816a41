import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ADMIN_FLAG_KEY } from "./admin-flag";
import { SignIn } from "./SignIn";

type Answer = { status: number; body: unknown };

/** Answers the staff REST paths the sign-in page calls; returns the calls made. */
function serve(answers: Record<string, Answer | (() => Answer)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, path: String(url), body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
    const found = answers[`${method} ${String(url)}`];
    const answer = typeof found === "function" ? found() : (found ?? { status: 404, body: { message: "Not found" } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

const signedOut = { "GET /api/admin/session": { status: 401, body: { message: "Sign in first" } }, "GET /api/admin/demo-hint": { status: 200, body: null } };

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the sign-in page", () => {
  it("sends the pair to POST /api/admin/login and hands on who signed in, with the spec's toast", async () => {
    const calls = serve({ ...signedOut, "POST /api/admin/login": { status: 200, body: { username: "admin", role: "owner" } } });
    const onSignedIn = vi.fn();
    renderWithTheme(<SignIn onSignedIn={onSignedIn} />);
    expect(screen.getByRole("heading", { level: 1, name: "Admin Login" })).toBeTruthy();
    signIn(" admin ", "tearoom-demo");
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ username: "admin", role: "owner" }));
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "/api/admin/login", body: { username: "admin", password: "tearoom-demo" } });
    expect(await screen.findByText("Login successful")).toBeTruthy();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe("true");
  });

  it("says the pair is wrong on a 401, and the server's own words on any other refusal", async () => {
    let status = 401;
    serve({
      ...signedOut,
      "POST /api/admin/login": () => ({ status, body: { message: status === 429 ? "Too many attempts, try again in a minute" : "Invalid" } }),
    });
    const onSignedIn = vi.fn();
    renderWithTheme(<SignIn onSignedIn={onSignedIn} />);
    signIn("admin", "wrong");
    expect(await screen.findByText("Invalid username or password")).toBeTruthy();
    status = 429;
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Too many attempts, try again in a minute")).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("goes straight on when the browser already has a session, and shows the demo pair only when offered (R2)", async () => {
    serve({
      "GET /api/admin/session": { status: 200, body: { username: "sam", role: "staff" } },
      "GET /api/admin/demo-hint": { status: 200, body: { username: "admin", password: "tearoom-demo" } },
    });
    const onSignedIn = vi.fn();
    renderWithTheme(<SignIn onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ username: "sam", role: "staff" }));
    expect(await screen.findByText("Demo login")).toBeTruthy();
  });

  it("tells staff whose earlier session ended to sign in again", async () => {
    localStorage.setItem(ADMIN_FLAG_KEY, "true");
    serve(signedOut);
    renderWithTheme(<SignIn onSignedIn={vi.fn()} />);
    expect(screen.getByText("Please sign in again")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Demo login")).toBeNull());
  });
});
