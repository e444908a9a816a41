import { useMatches } from "@mantine/core";

/** Names for Mantine Pagination's arrow buttons, which draw only an icon. */
export const paginationLabels = {
  getControlProps: (control: "first" | "previous" | "last" | "next") => ({
    "aria-label": { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" }[control],
  }),
  getItemProps: (page: number) => ({ "aria-label": `Page ${page}` }),
};

/**
 * Page numbers either side of the current one: none on a phone, where the arrows would otherwise
 * wrap onto a second line, one from 576 px up.
 */
export function usePageSiblings(): number {
  return useMatches({ base: 0, xs: 1 });
}
