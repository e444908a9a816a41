// Prerenders the public routes to HTML after `vite build`, so the first paint and crawlers need
// no JavaScript; the browser then hydrates the same markup (src/main.tsx).
//
//   dist/index.html              home, prerendered
//   dist/<route>/index.html      each other public screen, prerendered
//   dist/404.html                the not-found screen, for unknown paths
//   dist/shell.html              the empty app, for screens that depend on the query string
//
// The API's static server (apps/api/src/http/static.ts) picks the file for each path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const ssrOut = join(root, "dist-ssr");

await build({ root, logLevel: "warn", build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, copyPublicDir: false } });
process.env.NODE_ENV ??= "production";
const { renderRoute, PUBLIC_PATHS, SHELL_PATHS } = await import(pathToFileURL(join(ssrOut, "prerender.js")).href);
/** The domain's public routes but those that read the query string (checkout, confirmation: the bare shell). */
const ROUTES = PUBLIC_PATHS.filter((route) => !SHELL_PATHS.includes(route));
/** A screen's module: src/routes/<path>.tsx (home is in the entry chunk). */
const screenModule = (route) => (route === "/" ? undefined : `src/routes${route}.tsx`);

const template = readFileSync(join(dist, "index.html"), "utf8");
if (!template.includes('<div id="root"></div>')) throw new Error("dist/index.html has no empty #root to fill");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

// The entry's stylesheet links, inlined by page() like each screen's CSS.
const entryCssLink = /<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g;
const entryCss = [...template.matchAll(entryCssLink)].map((match) => match[1]);
const templateWithoutEntryCss = template.replace(entryCssLink, "");
const SCRIPTS_START = '<script type="module"';
if (!entryCss.length || !template.includes(SCRIPTS_START)) throw new Error("dist/index.html has not the entry script and stylesheet expected");

/** The CSS files and JS chunks a screen's chunk needs beyond the entry's. */
function screenAssets(moduleId) {
  const css = new Set();
  const js = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (moduleId) {
    if (!manifest[moduleId]) throw new Error(`${moduleId} is not in the build manifest`);
    visit(moduleId);
  }
  return { css: [...css].filter((href) => !entryCss.includes(href)), js: [...js].map((file) => `/${file}`) };
}

/**
 * The page's first-view CSS inline, so the first paint waits for no request. Each file also gets
 * a disabled <link> (never fetched): Vite's loader looks for that link before adding a screen's
 * CSS, so a later visit to the screen does not load the same rules again.
 */
function inlineStyles(hrefs) {
  const css = hrefs.map((href) => readFileSync(join(dist, href.slice(1)), "utf8")).join("\n");
  const markers = hrefs.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join("");
  return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>${markers}`;
}

/**
 * The faces a screen sets text in, as [family, style, weight]: on every screen the body, its
 * italic and bold, and the headings; a few screens use one more. Their @font-face rules
 * (src/styles/fonts.css, font-display: optional) are found in the entry CSS, and their files are
 * listed in the data-web-fonts attribute of index.html's first script, which preloads them when
 * the page will use them.
 */
const FONTS = [
  ["Lora", "normal", "400"],
  ["Lora", "italic", "400"],
  ["Lora", "normal", "600"],
  ["Playfair Display", "normal", "600"],
];
const SCREEN_FONTS = { "/secret-entrance": [["Playfair Display", "italic", "400"]] };

const fontFaces = [
  ...entryCss
    .map((href) => readFileSync(join(dist, href.slice(1)), "utf8"))
    .join("\n")
    .matchAll(/@font-face\s*{([^}]*)}/g),
].map(([, body]) => {
  const prop = (name) =>
    new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`)
      .exec(body)?.[1]
      .trim()
      .replace(/^["']|["']$/g, "");
  return {
    family: prop("font-family"),
    style: prop("font-style") ?? "normal",
    weight: prop("font-weight") ?? "400",
    src: /url\(["']?([^"')]+\.woff2)["']?\)/.exec(body)?.[1],
  };
});

const FONT_LIST = 'data-web-fonts=""';
if (template.split(FONT_LIST).length !== 2) throw new Error(`dist/index.html has not exactly one ${FONT_LIST} script to fill`);

/** The page's HTML with its font files listed for index.html's font script. */
function withFontList(html, route) {
  const files = [...FONTS, ...(SCREEN_FONTS[route] ?? [])].map(([family, style, weight]) => {
    const face = fontFaces.find((f) => f.family === family && f.style === style && f.weight === weight);
    if (!face?.src) throw new Error(`no woff2 @font-face for ${family} ${style} ${weight} in the entry CSS`);
    return face.src;
  });
  return html.replace(FONT_LIST, `data-web-fonts="${files.join(" ")}"`);
}

/**
 * Chunks the entry imports dynamically on every start (src/main.tsx), preloaded with each page so
 * they arrive with the entry's code instead of after it has run.
 */
const START_UP_MODULES = ["src/lib/react-dom-client.ts"];
/** Scripts a page already preloads without a screen: the template's (the entry's imports) and the start-up chunks. */
const preloaded = new Set([...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]));
const startUpFiles = [];
const visitStartUp = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  const href = `/${chunk.file}`;
  if (chunk.isEntry || preloaded.has(href)) return;
  preloaded.add(href);
  startUpFiles.push(href);
  for (const imported of chunk.imports ?? []) visitStartUp(imported);
};
START_UP_MODULES.forEach(visitStartUp);
const modulePreloads = (hrefs) => hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join("");
const startUpPreloads = modulePreloads(startUpFiles);
const templateWithStartUp = template.replace("</head>", `${startUpPreloads}</head>`);

writeFileSync(join(dist, "shell.html"), withFontList(templateWithStartUp));

/** React puts a partial tree's head elements (title, meta, preloads) first; they belong in <head>. */
function splitHead(html) {
  const headTag = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)/;
  let head = "";
  let rest = html;
  for (let match = headTag.exec(rest); match; match = headTag.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

async function page(url, moduleId) {
  const { head, body } = splitHead(await renderRoute(url));
  if (!body.trim()) throw new Error(`${url} rendered nothing`);
  // Inline scripts (streamed Suspense boundaries) would be refused by the CSP and leave the page half-rendered.
  if (/<script\b/i.test(body)) throw new Error(`${url} rendered an inline script: a component suspended during prerendering`);
  const assets = screenAssets(moduleId);
  const preloads = modulePreloads(assets.js.filter((href) => !preloaded.has(href)));
  // Styles and React's head tags (title, meta, the hero image's preload) before the scripts, so the
  // image is asked for ahead of the code, which the first paint does not need.
  return withFontList(templateWithoutEntryCss, url)
    .replace(SCRIPTS_START, `${inlineStyles([...entryCss, ...assets.css])}${head}${SCRIPTS_START}`)
    .replace("</head>", `${startUpPreloads}${preloads}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

for (const route of ROUTES) {
  const file = route === "/" ? join(dist, "index.html") : join(dist, route.slice(1), "index.html");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await page(route, screenModule(route)));
}
writeFileSync(join(dist, "404.html"), await page("/404", "src/routes/not-found.tsx"));

// The SSR bundle and the manifest were only needed here; neither is served.
rmSync(ssrOut, { recursive: true, force: true });
rmSync(join(dist, ".vite"), { recursive: true, force: true });
console.log(`prerendered ${ROUTES.length + 1} pages`);
