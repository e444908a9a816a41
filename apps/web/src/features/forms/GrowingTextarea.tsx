import { Textarea, type TextareaProps } from "@mantine/core";
import classes from "./Forms.module.css";

type GrowingTextareaProps = Omit<TextareaProps, "autosize" | "minRows" | "maxRows" | "rows"> & {
  /** Lines shown while empty; the box grows past them as the visitor types. */
  rows: number;
};

/** A Mantine text area that grows with its text by CSS (`field-sizing`), not by measuring it. */
export function GrowingTextarea({ rows, ...props }: GrowingTextareaProps) {
  return <Textarea {...props} rows={rows} classNames={{ input: classes.growing }} style={{ "--rows": rows }} />;
}
