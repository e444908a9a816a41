import { baseURL } from "../playwright.config.js";

/** The admin app's origin for this run: the admin host on the same port (R18). */
export const adminURL = baseURL.replace("//localhost", "//admin.localhost");
