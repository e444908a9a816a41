import { MOBILE_BREAKPOINT_PX } from "@tearoom/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { HOUSE_SITE } from "../site/links";
import { BrandMark } from "./BrandMark";
import classes from "./Header.module.css";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/afternoon-tea", label: "Afternoon Tea" },
  { to: "/gift-vouchers", label: "Gift Vouchers" },
] as const;

function ExternalIcon() {
  return (
    <svg viewBox="0 0 12 12" width="11" height="11" aria-hidden="true" className={classes.externalIcon}>
      <path d="M4.5 2H2v8h8V7.5M7 2h3v3M10 2L5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Navigation items shared by the desktop bar and the mobile menu. */
function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={"end" in item ? item.end : false} className={classes.link} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <a href={HOUSE_SITE.href} className={classes.link} target="_blank" rel="noopener noreferrer">
          {HOUSE_SITE.label}
          <ExternalIcon />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <NavLink to="/contact" className={classes.link} onClick={onNavigate}>
          Contact
        </NavLink>
      </li>
    </>
  );
}

/**
 * The shared header: brand and navigation (aria-current on the current route). Below 768 px the
 * links move behind a toggle; the menu closes on route change, on Escape and when the window widens.
 */
export function Header({ inert = false }: { inert?: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (typeof window === "undefined" || !window.matchMedia) return;
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setOpen(false);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className={classes.header} data-no-print inert={inert}>
      <div className={classes.bar}>
        <Link to="/" className={classes.brand}>
          <BrandMark size={42} />
          <span className={classes.brandText}>
            <span className={classes.brandSmall}>The </span>
            <span className={classes.brandName}>Heritage Tearoom</span>
          </span>
        </Link>
        <nav aria-label="Main" className={classes.desktopNav}>
          <ul className={classes.list}>
            <NavItems />
          </ul>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span className={classes.burger} data-open={open || undefined} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
      </div>
      <nav id={menuId} aria-label="Mobile" className={classes.mobileNav} hidden={!open}>
        <ul className={classes.mobileList}>
          <NavItems onNavigate={() => setOpen(false)} />
        </ul>
        <Link to="/reservations" className={classes.reserve} onClick={() => setOpen(false)}>
          Make a Reservation
        </Link>
      </nav>
    </header>
  );
}
