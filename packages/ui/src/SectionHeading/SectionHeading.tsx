import type { ReactNode } from "react";
import classes from "./SectionHeading.module.css";

export interface SectionHeadingProps {
  /** Small gold line above the title. */
  eyebrow?: ReactNode;
  title: ReactNode;
  /** Heading level; h2 unless the section is the page's main heading. */
  order?: 1 | 2 | 3;
  children?: ReactNode;
  align?: "center" | "start";
  id?: string;
  /** Light text for dark sections. */
  inverted?: boolean;
}

/** A section title with an eyebrow, a sprig ornament and an optional lead paragraph. */
export function SectionHeading({ eyebrow, title, order = 2, children, align = "center", id, inverted }: SectionHeadingProps) {
  const Tag = `h${order}` as const;
  return (
    <header className={classes.root} data-align={align} data-inverted={inverted || undefined}>
      {eyebrow ? <p className={classes.eyebrow}>{eyebrow}</p> : null}
      <Tag className={classes.title} id={id}>
        {title}
      </Tag>
      <Ornament />
      {children ? <div className={classes.lead}>{children}</div> : null}
    </header>
  );
}

/** A small gold sprig between two rules; decorative. */
export function Ornament({ className }: { className?: string }) {
  return (
    <svg className={`${classes.ornament} ${className ?? ""}`} viewBox="0 0 160 20" width="160" height="20" aria-hidden="true" focusable="false">
      <path d="M2 10h54M104 10h54" stroke="currentColor" strokeWidth="1" strokeLinecap="round" />
      <path d="M80 3c-5 3-6 9-0 14 6-5 5-11 0-14z" fill="currentColor" opacity="0.85" />
      <path d="M80 10c-6-5-14-5-18 0 5 4 12 4 18 0zM80 10c6-5 14-5 18 0-5 4-12 4-18 0z" fill="none" stroke="currentColor" strokeWidth="1.1" />
      <circle cx="60" cy="10" r="1.6" fill="currentColor" />
      <circle cx="100" cy="10" r="1.6" fill="currentColor" />
    </svg>
  );
}
