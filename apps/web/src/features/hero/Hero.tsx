import { Link } from "react-router";
import type { ReactNode } from "react";
import classes from "./Hero.module.css";
import { ComingSoon } from "../site/ComingSoon";

export interface HeroProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Background illustration; drawn at 1600×900. */
  imageUrl?: string;
  imageAlt?: string;
  /** The three booking buttons (spec: default true). */
  showButtons?: boolean;
  eyebrow?: ReactNode;
  /** "tall" on the home page, "compact" on inner pages. */
  size?: "tall" | "compact";
  children?: ReactNode;
}

/** The page hero: an illustration under a soft sage veil, the title, a subtitle and the booking buttons. */
export function Hero({ title, subtitle, imageUrl = "/images/hero-house.svg", imageAlt = "", showButtons = true, eyebrow, size = "tall", children }: HeroProps) {
  return (
    <section className={classes.hero} data-size={size} aria-labelledby="hero-title">
      <img className={classes.image} src={imageUrl} alt={imageAlt} width={1600} height={900} fetchPriority="high" decoding="async" />
      <div className={classes.veil} aria-hidden="true" />
      <div className={classes.content}>
        {eyebrow ? <p className={classes.eyebrow}>{eyebrow}</p> : null}
        <h1 id="hero-title" className={classes.title}>
          {title}
        </h1>
        {subtitle ? <p className={classes.subtitle}>{subtitle}</p> : null}
        {showButtons ? (
          <div className={classes.buttons}>
            <Link to="/afternoon-tea" className={`${classes.button} ${classes.primary}`}>
              Book Afternoon Tea <ComingSoon className={classes.soon} />
            </Link>
            <Link to="/reservations" className={`${classes.button} ${classes.secondary}`}>
              Reserve a Table
            </Link>
            <Link to="/gift-vouchers" className={`${classes.button} ${classes.secondary}`}>
              Buy Gift Voucher
            </Link>
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
