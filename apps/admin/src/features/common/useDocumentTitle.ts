import { useEffect } from "react";

/** Names the browser tab after the screen, so staff with several tabs can tell them apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Heritage Tearoom Admin`;
  }, [title]);
}
