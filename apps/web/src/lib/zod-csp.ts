import { config } from "zod/v4/core";

// Our CSP forbids eval. Zod probes for it before its first object parse and the probe is itself
// reported as a violation, so the forms' schema chunk (features/forms/form-schemas.ts) imports
// this first to switch the probe off.
config({ jitless: true });
