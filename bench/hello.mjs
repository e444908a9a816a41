// The yardstick: a bare Fastify route with a response schema, started the same way as our server.
import { createRequire } from "node:module";

// Fastify is a dependency of the API package, not of the workspace root (pnpm keeps them apart).
const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const Fastify = require("fastify");

const app = Fastify({ logger: false });
app.get("/hello", { schema: { response: { 200: { type: "object", properties: { hello: { type: "string" } } } } } }, async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: "127.0.0.1" });
