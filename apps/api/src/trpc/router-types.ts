/// <reference types="node" />
// The package's only export (package.json "exports"): types for the admin app's tRPC client.
// The reference above lets a client's type check load this server code without its own Node types.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { appRouter } from "./root.js";

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
