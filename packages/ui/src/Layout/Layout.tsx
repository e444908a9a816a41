import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";
import classes from "./Layout.module.css";

export type SectionTone = "cream" | "parchment" | "sage" | "rose";

export interface PageSectionProps extends Omit<ComponentPropsWithoutRef<"section">, "children"> {
  tone?: SectionTone;
  /** "narrow" for reading text and forms. */
  width?: "narrow" | "default" | "wide";
  children: ReactNode;
}

/** A full-width band of the page with generous vertical rhythm and a centred column. */
export function PageSection({ tone = "cream", width = "default", className, children, ...rest }: PageSectionProps) {
  return (
    <section {...rest} className={`${classes.section} ${className ?? ""}`} data-tone={tone}>
      <div className={classes.inner} data-width={width}>
        {children}
      </div>
    </section>
  );
}

/** A centred column without a band, for page chrome (header, footer). */
export function Container({ width = "default", className, children }: { width?: "narrow" | "default" | "wide"; className?: string; children: ReactNode }) {
  return (
    <div className={`${classes.inner} ${className ?? ""}`} data-width={width}>
      {children}
    </div>
  );
}

export interface StackGridProps {
  /** Minimum column width before the grid wraps, e.g. "16rem". */
  min?: string;
  gap?: string;
  as?: ElementType;
  className?: string;
  children: ReactNode;
}

/** A responsive grid of equal columns that wraps below `min` wide. */
export function CardGrid({ min = "16rem", gap = "1.5rem", as: Tag = "div", className, children }: StackGridProps) {
  return (
    <Tag className={`${classes.grid} ${className ?? ""}`} style={{ "--grid-min": min, "--grid-gap": gap } as React.CSSProperties}>
      {children}
    </Tag>
  );
}

/** A paper card with a hairline border, the site's basic surface. */
export function Card({
  as: Tag = "div",
  className,
  children,
  ...rest
}: { as?: ElementType; className?: string; children: ReactNode } & Record<string, unknown>) {
  return (
    <Tag {...rest} className={`${classes.card} ${className ?? ""}`}>
      {children}
    </Tag>
  );
}
