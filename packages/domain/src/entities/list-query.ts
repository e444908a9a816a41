import { z } from "zod";

/** Admin lists answer a page at a time: 50 rows unless asked, never more than 200. */
export const PAGE_SIZE = { default: 50, max: 200 } as const;

const PAGE_MESSAGE = "page must be a whole number of at least 1";
const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${PAGE_SIZE.max}`;

/** `?page=&pageSize=` of every admin list (query strings arrive as text, hence the coercion). */
export const pageFields = {
  page: z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int({ error: PAGE_SIZE_MESSAGE })
    .min(1, { error: PAGE_SIZE_MESSAGE })
    .max(PAGE_SIZE.max, { error: PAGE_SIZE_MESSAGE })
    .default(PAGE_SIZE.default),
};

/** The search box of an admin list: words matched at the start of words (see decision 010). */
export const listSearch = z.string().trim().max(100, { error: "search must be at most 100 characters" }).optional();

/** One page of an admin list; `total` counts every row the filters match. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
