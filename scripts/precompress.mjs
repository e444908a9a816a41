#!/usr/bin/env node
// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file over
// 512 bytes in the given build folders, for the API's static server to send as they are
// (apps/api/src/http/static.ts). Compressing the React DOM chunk at quality 11 takes about 0.4 s:
// done on the first request, it held up that visitor and every other request behind it.
// Usage: node scripts/precompress.mjs <dist folder>...
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// What the static server compresses: keep in step with TYPES and the size check in sendText
// (static.ts). A file left out is still served; the server then compresses it on first request.
const TEXT = new Set([".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".xml", ".map"]);
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function textFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(path)));
    else if (entry.isFile() && TEXT.has(extname(entry.name))) found.push(path);
  }
  return found;
}

async function precompress(file) {
  const raw = await readFile(file);
  if (raw.length <= MIN_BYTES) return 0;
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return 1;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error("usage: node scripts/precompress.mjs <dist folder>...");
  process.exit(2);
}
let count = 0;
for (const dir of dirs) {
  const files = await textFiles(dir);
  // zlib's async calls run on libuv's thread pool, a few at a time.
  for (let i = 0; i < files.length; i += 4) count += (await Promise.all(files.slice(i, i + 4).map(precompress))).reduce((a, b) => a + b, 0);
}
console.log(`precompressed ${count} files`);
