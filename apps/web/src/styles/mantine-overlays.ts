// Mantine component CSS for dialogs and menus, imported only by the chunks that show them.
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";

/**
 * Dialogs sit above the sticky header (200), the Secret Entrance scene (250) and the floating
 * sound player (260), so their overlay dims everything behind them; toasts (400) stay on top.
 */
export const DIALOG_Z_INDEX = 300;
