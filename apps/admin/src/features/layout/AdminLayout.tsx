import "../../styles/mantine-screens";
import { AppShell, Burger, Button, Group, NavLink, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@tearoom/ui";
import { useEffect } from "react";
import { NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from "react-router";
import { setAdminFlag, useSession } from "../auth/session";
import { useTRPC } from "../../trpc";
import { ADMIN_SCREENS } from "./nav";
import classes from "./AdminLayout.module.css";

/**
 * The frame of every staff screen: brand, navigation (behind a toggle below 768px), who is signed
 * in and a sign-out control.
 */
export default function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const owner = useSession().data?.role === "owner";

  // Close the mobile menu after navigating.
  useEffect(() => close(), [location.pathname, close]);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 232, breakpoint: "sm", collapsed: { mobile: !opened } }} padding={{ base: "sm", sm: "lg" }}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: "sm", sm: "lg" }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={opened ? "Close navigation" : "Open navigation"}
              aria-expanded={opened}
              aria-controls="admin-navigation"
            />
            <div className={classes.brand}>
              <span className={classes.brandName}>Heritage Tearoom</span>
              <span className={classes.brandTag}>Admin</span>
            </div>
          </Group>
          <SessionControls />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" className={classes.navbar} id="admin-navigation" aria-label="Admin navigation" component="nav" data-open={opened || undefined}>
        {ADMIN_SCREENS.filter((screen) => owner || !screen.ownerOnly).map((screen) => (
          <NavLink
            key={screen.path}
            component={RouterNavLink}
            to={screen.path}
            label={screen.label}
            active={location.pathname === screen.path || location.pathname.startsWith(`${screen.path}/`)}
            className={classes.link}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div id="main" className={classes.content} tabIndex={-1}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in name and the sign-out button, on every staff screen. */
function SessionControls() {
  const trpc = useTRPC();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: () => {
        setAdminFlag(false);
        queryClient.clear();
        queryClient.setQueryData(trpc.auth.session.queryKey(), null);
        toast({ title: "Signed out", description: "You have been signed out of the admin area." });
        void navigate("/login", { replace: true });
      },
    }),
  );
  return (
    <Group gap="sm" wrap="nowrap">
      {session.data ? (
        <Text size="sm" c="white" visibleFrom="xs" className={classes.user}>
          Signed in as <strong>{session.data.username}</strong>
        </Text>
      ) : null}
      <Button variant="white" color="sage" size="xs" onClick={() => logout.mutate()} loading={logout.isPending}>
        Sign out
      </Button>
    </Group>
  );
}
