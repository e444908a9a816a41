import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { createAdminQueryClient, createAdminTrpcClient, TRPCProvider } from "../trpc";
import { renderWithTheme } from "./render";

/** What a stub throws to answer with a tRPC error (e.g. CONFLICT, 409, the server's message and any data). */
export class ProcedureError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Answers one procedure's call from its input (tRPC path such as "vouchers.list"); it may throw a `procedureError`. */
export type ProcedureStub = (input: unknown) => unknown;

/** What a stub throws to answer as the server does when it refuses a call (e.g. a CONFLICT with R29's warnings). */
export function procedureError(code: string, httpStatus: number, message: string, data: Record<string, unknown> = {}): ProcedureError {
  return new ProcedureError(code, httpStatus, message, data);
}

/**
 * Renders a screen with the real tRPC client and query client, over a fetch that answers each
 * procedure from `procedures` the way the batch link expects. Returns every call made, in order.
 */
export function renderWithTrpc(ui: ReactElement, procedures: Record<string, ProcedureStub>) {
  const calls: { path: string; input: unknown }[] = [];
  vi.stubGlobal("fetch", async (url: string | URL, init?: RequestInit) => {
    const parsed = new URL(String(url), "http://admin.test");
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/api\/trpc\//, "")).split(",");
    // Queries carry their inputs in the address, mutations in the body.
    const sent = init?.method === "POST" && typeof init.body === "string" ? init.body : parsed.searchParams.get("input");
    const inputs = JSON.parse(sent ?? "{}") as Record<string, unknown>;
    const answers = paths.map((path, i) => {
      calls.push({ path, input: inputs[i] });
      const stub = procedures[path];
      if (!stub) return { error: { message: `No stub for ${path}`, code: -32004, data: { code: "NOT_FOUND", httpStatus: 404, path } } };
      try {
        return { result: { data: stub(inputs[i]) } };
      } catch (err) {
        // A stub refuses by throwing a ProcedureError, as the server would answer.
        if (!(err instanceof ProcedureError)) throw err;
        return { error: { message: err.message, code: -32009, data: { code: err.code, httpStatus: err.httpStatus, path, ...err.data } } };
      }
    });
    return new Response(JSON.stringify(answers), { status: 200, headers: { "content-type": "application/json" } });
  });
  const queryClient = createAdminQueryClient();
  const trpcClient = createAdminTrpcClient("http://admin.test/api/trpc");
  const view = renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {ui}
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { ...view, calls };
}
