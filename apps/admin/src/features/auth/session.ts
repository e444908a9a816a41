import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../trpc";

// The flag lives apart so the sign-in page (the first view) reads it without the tRPC client.
export { ADMIN_FLAG_KEY, readAdminFlag, setAdminFlag } from "./admin-flag";

/** Who is signed in, from the server session (R1): `{ username, role }` or null. */
export function useSession() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.session.queryOptions());
}
