import {
  blob,
  brickTexture,
  chair,
  cloud,
  fountain,
  lawnStripes,
  lilies,
  linear,
  n,
  radial,
  ridge,
  rng,
  rose,
  roseBush,
  svg,
  tableWithCloth,
  teacup,
  teapot,
  tree,
  wisteria,
  wisteriaDefs,
} from "./lib.mjs";
import { house } from "./house.mjs";

const W = 800;
const H = 600;
const sky = (id, a = "#cfe0e6", b = "#f3efe0") =>
  linear(id, [
    [0, a],
    [1, b],
  ]);

function tableForTea(_r, x, y, s) {
  return (
    chair(x - 64 * s, y + 2 * s, s, "#3c4a3a", 1) +
    chair(x + 64 * s, y + 2 * s, s, "#3c4a3a", -1) +
    tableWithCloth(x, y, s) +
    teacup(x - 16 * s, y - 42 * s, 0.5 * s) +
    teacup(x + 18 * s, y - 42 * s, 0.5 * s) +
    teapot(x, y - 40 * s, 0.28 * s)
  );
}

/** The Rose Garden: a bower of old roses round a table for an intimate tea. */
export function roseGardenSpot(seed = 81) {
  const r = rng(seed);
  const defs =
    sky("sky") +
    linear("lawn", [
      [0, "#93b47a"],
      [1, "#7c9f63"],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  for (let i = 0; i < 5; i++) b += tree(r, i * 190 + 40, 300, 0.9, { dark: "#4f6d45", mid: "#62824f", light: "#98b57a" });
  b += `<rect y="300" width="${W}" height="300" fill="url(#lawn)"/>`;
  b += `<path d="M150,600 V200 A250,150 0 0,1 650,200 V600" fill="none" stroke="#3c4a3a" stroke-width="10"/>`;
  for (let i = 0; i < 34; i++) {
    const t = i / 33;
    const a = Math.PI + Math.PI * t;
    const px = 400 + Math.cos(a) * 250;
    const py = 200 + Math.sin(a) * 150 * (t > 0.05 && t < 0.95 ? 1 : 0);
    b +=
      blob(r, px, py, 38, 3, r() > 0.5 ? "#3f5a38" : "#4f6d45") +
      rose(px + (r() - 0.5) * 36, py + (r() - 0.5) * 30, 8 + r() * 5, r() > 0.5 ? {} : { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  }
  for (const side of [150, 650])
    for (let k = 0; k < 8; k++)
      b +=
        blob(r, side + (r() - 0.5) * 30, 220 + k * 48, 34, 3, "#3f5a38") +
        rose(side + (r() - 0.5) * 40, 220 + k * 48, 8 + r() * 4, r() > 0.5 ? {} : { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  b += roseBush(r, 60, 600, 220, 120, { outer: "#fff1e0", mid: "#f6d9c0", inner: "#e0a98a" }) + roseBush(r, 740, 600, 220, 120, {});
  b += tableForTea(r, 400, 520, 2.2);
  return svg(W, H, b, { defs });
}

/** The Pond Pavilion: tea under the timber roof beside the lily pond. */
export function pondPavilionSpot(seed = 82) {
  const r = rng(seed);
  const defs =
    sky("sky", "#c5dae3", "#f1efe2") +
    linear("water", [
      [0, "#8fb6c2"],
      [1, "#5f8e9c"],
    ]) +
    linear("grass", [
      [0, "#90b077"],
      [1, "#6f9060"],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + cloud(600, 70, 0.9);
  for (let i = 0; i < 5; i++) b += tree(r, i * 190 + 20, 280, 0.9);
  b += `<rect y="280" width="${W}" height="320" fill="url(#grass)"/>`;
  b +=
    `<ellipse cx="240" cy="470" rx="260" ry="90" fill="#d8d0bd"/><ellipse cx="240" cy="470" rx="248" ry="80" fill="url(#water)"/>` +
    lilies(r, 240, 480, 210, 60, 14) +
    fountain(200, 470, 0.9);
  // the pavilion, with a laid table inside
  const px = 560;
  const py = 500;
  b += `<path d="M${px - 170},${py - 250} L${px},${py - 360} L${px + 170},${py - 250} Z" fill="#6d5a4e"/><path d="M${px},${py - 360} L${px + 170},${py - 250} L${px + 60},${py - 250} Z" fill="#5a4a40"/>`;
  b += `<rect x="${px - 160}" y="${py - 252}" width="320" height="16" fill="#f1e9d6"/>`;
  for (const dx of [-150, -50, 50, 150]) b += `<rect x="${px + dx - 7}" y="${py - 236}" width="14" height="236" fill="#f1e9d6"/>`;
  b += `<rect x="${px - 175}" y="${py - 6}" width="350" height="18" fill="#d8d0bd"/>`;
  b += tableForTea(r, px, py - 8, 1.8);
  b += wisteria(r, px - 160, px + 160, py - 236, { count: 10, len: 60, leaf: 14 });
  return svg(W, H, b, { defs: defs + wisteriaDefs() });
}

/** Wisteria Terrace: the stone terrace under the great wisteria, looking over the lawns. */
export function wisteriaTerraceSpot(seed = 83) {
  const r = rng(seed);
  const defs =
    sky("sky", "#d7e5ea", "#f4efe0") +
    lawnStripes("lawn", { a: "#86a86b", b: "#93b478", w: 30 }) +
    linear("stone", [
      [0, "#e6dcc6"],
      [1, "#cbbd9f"],
    ]) +
    wisteriaDefs();
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  b += `<path d="${ridge(r, 0, W, 250, 10, H)}" fill="#a4bb8f"/>`;
  for (let i = 0; i < 6; i++) b += tree(r, i * 150 + 30, 280, 0.6, { dark: "#5b7a50", mid: "#6d8c5e", light: "#a2bd86" });
  b += `<rect y="280" width="${W}" height="120" fill="url(#lawn)"/>`;
  b += `<rect y="400" width="${W}" height="200" fill="url(#stone)"/>`;
  for (let x = 0; x < W; x += 80) b += `<path d="M${x},400 L${x - 40},600" stroke="#bfb08f" stroke-width="2"/>`;
  // balustrade
  b += `<rect y="350" width="${W}" height="14" fill="#efe6d2"/><rect y="392" width="${W}" height="12" fill="#e2d6bb"/>`;
  for (let x = 10; x < W; x += 28) b += `<path d="M${x},364 q-8,8 0,14 q8,6 0,14 h10 q-8,-8 0,-14 q8,-6 0,-14 Z" fill="#efe6d2"/>`;
  // pergola beams heavy with wisteria
  for (const x of [60, 740]) b += `<rect x="${x - 10}" y="60" width="20" height="360" fill="#d8cdb3"/>`;
  b += `<rect x="20" y="50" width="760" height="22" fill="#cbbf9f"/>`;
  b += wisteria(r, 0, W, 70, { count: 30, len: 130, leaf: 22 });
  // the long table for eight
  b += `<rect x="200" y="455" width="400" height="70" rx="10" fill="#fffdf8"/><rect x="200" y="440" width="400" height="20" rx="8" fill="#ffffff"/>`;
  for (let i = 0; i < 4; i++) b += chair(215 + i * 110, 540, 1.4, "#3c4a3a", 1);
  for (let i = 0; i < 4; i++) b += teacup(240 + i * 105, 448, 0.7);
  b += teapot(400, 448, 0.45);
  return svg(W, H, b, { defs });
}

/** The Secret Alcove: a yew-hedged nook for two, behind the walled garden. */
export function secretAlcoveSpot(seed = 84) {
  const r = rng(seed);
  const defs =
    sky("sky", "#b9cdd4", "#e8ead9") +
    linear("moss", [
      [0, "#7d9b62"],
      [1, "#5f7f50"],
    ]) +
    radial("lamp", [
      [0, "#ffe9a8", 0.9],
      [1, "#ffe9a8", 0],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  // the yew hedge wraps round in a horseshoe with an arched opening above
  b += `<path d="M0,600 V40 H800 V600 H660 V230 Q400,90 140,230 V600 Z" fill="#2f452b"/>`;
  for (let i = 0; i < 60; i++) b += `<circle cx="${n(r() * W)}" cy="${n(40 + r() * 560)}" r="${n(6 + r() * 10)}" fill="#3b5235" opacity="0.7"/>`;
  b += `<path d="M140,600 V230 Q400,90 660,230 V600 Z" fill="#dfe6d3"/>`;
  b += `<path d="M140,600 V230 Q400,90 660,230 V600 Z" fill="url(#moss)" opacity="0.2"/>`;
  b += `<path d="M140,600 V420 Q400,380 660,420 V600 Z" fill="url(#moss)"/>`;
  // a mossy stepping-stone path
  for (let k = 0; k < 5; k++)
    b += `<ellipse cx="${n(400 + (k % 2 ? 20 : -20))}" cy="${n(600 - k * 34)}" rx="${n(60 - k * 8)}" ry="${n(14 - k * 1.5)}" fill="#cfc6b3"/>`;
  // lantern and foxgloves
  b += `<circle cx="600" cy="300" r="70" fill="url(#lamp)"/><path d="M600,240 V262" stroke="#3c4a3a" stroke-width="3"/><rect x="588" y="262" width="24" height="34" rx="4" fill="#f5d98b" stroke="#3c4a3a" stroke-width="3"/>`;
  for (let i = 0; i < 9; i++) {
    const x = 170 + r() * 80;
    const y = 520 + r() * 60;
    b += `<path d="M${n(x)},${n(y)} V${n(y - 90)}" stroke="#4f6d45" stroke-width="3"/>`;
    for (let k = 0; k < 5; k++) b += `<ellipse cx="${n(x + 4)}" cy="${n(y - 40 - k * 11)}" rx="5" ry="7" fill="${r() > 0.5 ? "#c96f88" : "#d993a6"}"/>`;
  }
  b += tableForTea(r, 420, 470, 1.6);
  return svg(W, H, b, { defs });
}

/** Manor View: a sunny lawn table facing the south front of the house. */
export function manorViewSpot(seed = 85) {
  const r = rng(seed);
  const defs =
    sky("sky", "#e7c9a6", "#f4e6cc") +
    brickTexture("brick", { base: "#b05f44", mortar: "#d39a7c", w: 14, h: 5 }) +
    lawnStripes("lawn", { a: "#7c9f63", b: "#88ab6d", w: 36 });
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + cloud(150, 80, 0.8, 0.7);
  for (let i = 0; i < 6; i++) b += tree(r, i * 150 + 10, 300, 0.7);
  b += house(400, 300, 420, { brick: "brick" });
  b += `<rect y="296" width="${W}" height="304" fill="url(#lawn)"/>`;
  b += `<ellipse cx="620" cy="560" rx="170" ry="26" fill="#3f5a38" opacity="0.25"/>`;
  // a parasol over the table
  b += `<path d="M560,540 V330" stroke="#f1e9d6" stroke-width="6"/><path d="M420,350 Q560,250 700,350 Q630,335 560,350 Q490,335 420,350 Z" fill="#b4536f"/><path d="M560,270 L560,350" stroke="#9a3f5b" stroke-width="3"/>`;
  b += tableForTea(r, 560, 550, 1.9);
  b += roseBush(r, 90, 600, 220, 110, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  return svg(W, H, b, { defs });
}
