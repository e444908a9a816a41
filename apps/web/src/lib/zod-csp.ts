import { config } from "zod/v4/core";

// Our CSP forbids eval. Zod probes for it before its first object parse and the probe is itself
// reported as a violation, so screens that validate import this first to switch the probe off.
config({ jitless: true });
