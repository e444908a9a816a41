import { Link } from "react-router";
import classes from "./SecretGardenIcon.module.css";

/** The faint garden gate at the foot of the home page; "Secret Garden" shows on hover and focus. */
export function SecretGardenIcon() {
  return (
    <div className={classes.wrap}>
      <Link to="/secret-entrance" className={classes.link} aria-label="Secret Garden">
        <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
          <path d="M10 42V22a14 14 0 0 1 28 0v20" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M15 42V23a9 9 0 0 1 18 0v19M24 14v28M15 30h18" fill="none" stroke="currentColor" strokeWidth="1.2" />
          <path d="M8 42h32" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          <path
            d="M10 24c-3-2-4-6-2-9 3 1 4 5 2 9zM38 24c3-2 4-6 2-9-3 1-4 5-2 9zM12 33c-3-1-5-4-4-7 3 1 5 4 4 7zM36 33c3-1 5-4 4-7-3 1-5 4-4 7z"
            fill="currentColor"
            opacity="0.7"
          />
          <circle cx="27" cy="31" r="1.2" fill="currentColor" />
        </svg>
        <span className={classes.label} aria-hidden="true">
          Secret Garden
        </span>
      </Link>
    </div>
  );
}
