import { Modal, type ModalProps } from "@mantine/core";

/** Mantine's modal (focus trapped, Escape closes, focus returns) with a named close button. */
export function Dialog(props: ModalProps) {
  return <Modal closeButtonProps={{ "aria-label": "Close dialog" }} {...props} />;
}
