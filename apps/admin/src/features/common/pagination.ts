/** Names for Mantine Pagination's arrow buttons, which draw only an icon. */
export const paginationLabels = {
  getControlProps: (control: "first" | "previous" | "last" | "next") => ({
    "aria-label": { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" }[control],
  }),
  getItemProps: (page: number) => ({ "aria-label": `Page ${page}` }),
};
