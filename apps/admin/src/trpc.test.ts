import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { createAdminQueryClient } from "./trpc";

const SESSION_KEY = [["auth", "session"], { type: "query" }];

describe("admin query client", () => {
  it("forgets the session when any call answers 401, so the guard sends staff to sign in (R1)", async () => {
    const client = createAdminQueryClient();
    client.setQueryData(SESSION_KEY, { username: "admin" });
    const unauthorized = TRPCClientError.from({
      error: { message: "Please sign in to continue.", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } },
    });
    await client.fetchQuery({ queryKey: [["pricing", "list"], { type: "query" }], queryFn: () => Promise.reject(unauthorized) }).catch(() => {});
    expect(client.getQueryData(SESSION_KEY)).toBeNull();
  });

  it("keeps the session on other failures", async () => {
    const client = createAdminQueryClient();
    client.setQueryData(SESSION_KEY, { username: "admin" });
    const bad = TRPCClientError.from({ error: { message: "Nope", code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } });
    await client.fetchQuery({ queryKey: [["pricing", "list"], { type: "query" }], queryFn: () => Promise.reject(bad) }).catch(() => {});
    expect(client.getQueryData(SESSION_KEY)).toEqual({ username: "admin" });
  });

  it("follows spec section 7: no retry, no refetch on focus, never stale", () => {
    const { queries, mutations } = createAdminQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
  });
});
