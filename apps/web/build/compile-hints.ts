import type { Plugin } from "vite";

/** V8's per-file compile hint (Chrome 136+); other engines read it as a comment. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks every JavaScript chunk for eager compilation. Without the hint V8 pre-parses each function
 * and compiles it on the main thread when first called, which on a booking page was about a third
 * of the start-up main-thread work. With it, a chunk streamed from the network is compiled on a
 * background thread while it downloads. Every chunk qualifies: the start-up chunks and screens run
 * as soon as they arrive, and the overlays are fetched when they are about to be used.
 *
 * Added as the bundle is written, after minification (which drops comments) and after Vite puts
 * its preload map at the top of chunks with dynamic imports. The build writes no source maps, so
 * the extra first line shifts nothing anyone reads.
 */
export function compileHints(): Plugin {
  return {
    name: "tearoom:compile-hints",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === "chunk" && !file.code.startsWith(COMPILE_HINT)) file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}
