import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";
import classes from "./LinkButton.module.css";

export type LinkButtonVariant = "primary" | "gold" | "outline" | "light" | "rose";

type LinkButtonProps<C extends ElementType> = {
  /** The element to render: "a" by default, or a router Link. */
  as?: C;
  variant?: LinkButtonVariant;
  size?: "md" | "lg";
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<C>, "as" | "children">;

/** A link that looks like a button (call-to-action), without pulling in a button component. */
export function LinkButton<C extends ElementType = "a">({ as, variant = "primary", size = "md", className, children, ...rest }: LinkButtonProps<C>) {
  const Tag = (as ?? "a") as ElementType;
  return (
    <Tag {...rest} className={`${classes.root} ${className ?? ""}`} data-variant={variant} data-size={size}>
      {children}
    </Tag>
  );
}
