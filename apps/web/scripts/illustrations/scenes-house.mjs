import {
  blob,
  brickTexture,
  cloud,
  conifer,
  flowerBed,
  lawnStripes,
  linear,
  n,
  radial,
  ridge,
  rng,
  roseBush,
  svg,
  topiary,
  tree,
  wisteria,
  wisteriaDefs,
} from "./lib.mjs";
import { house } from "./house.mjs";

const skyDefs = (id, top = "#f3d9b8", mid = "#f6e8cf", bottom = "#dfe8d3") =>
  linear(id, [
    [0, top],
    [0.55, mid],
    [1, bottom],
  ]);

/** The south front at golden hour across the gravel sweep: the home hero (1600×900) and gallery picture. */
export function houseFront(w = 1600, h = 900, seed = 7) {
  const r = rng(seed);
  const defs =
    skyDefs("sky", "#e9c9a4", "#f4e3c6", "#e7ecd9") +
    radial(
      "sun",
      [
        [0, "#fff4d6", 0.95],
        [0.4, "#ffe7b0", 0.45],
        [1, "#ffe7b0", 0],
      ],
      { cx: 0.5, cy: 0.5, r: 0.5 },
    ) +
    brickTexture("brick", { base: "#b05f44", mortar: "#d39a7c" }) +
    lawnStripes("lawn", { a: "#7c9f63", b: "#88ab6d", w: 70 }) +
    linear("gravel", [
      [0, "#e4d7bb"],
      [1, "#cdbd9b"],
    ]) +
    linear("shade", [
      [0, "#000", 0],
      [1, "#1d2a1a", 0.35],
    ]);
  const cx = w / 2;
  const ground = h * 0.7;
  let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  b += `<circle cx="${n(w * 0.78)}" cy="${n(h * 0.2)}" r="${n(h * 0.35)}" fill="url(#sun)"/>`;
  b += cloud(w * 0.18, h * 0.14, 1.4, 0.7) + cloud(w * 0.62, h * 0.09, 1, 0.6) + cloud(w * 0.9, h * 0.24, 0.8, 0.5);
  b += `<path d="${ridge(r, 0, w, h * 0.56, 18, h)}" fill="#9fb58b" opacity="0.7"/>`;
  b += `<path d="${ridge(r, 0, w, h * 0.6, 14, h)}" fill="#87a274"/>`;
  // background trees either side of the house
  for (let i = 0; i < 7; i++) b += tree(r, w * 0.02 + i * w * 0.05, ground - 8, 1.1 + r() * 0.5, { dark: "#3d5636", mid: "#4f6d45", light: "#86a56a" });
  for (let i = 0; i < 7; i++) b += tree(r, w * 0.68 + i * w * 0.05, ground - 8, 1.1 + r() * 0.5, { dark: "#3d5636", mid: "#4f6d45", light: "#86a56a" });
  // trees behind the house, their crowns above the roof line
  for (const fx of [0.345, 0.655]) b += tree(r, w * fx, ground - h * 0.05, 1.7 + r() * 0.2, { dark: "#46603d", mid: "#58774b", light: "#8eab70" });
  b += house(cx, ground, w * 0.44, { brick: "brick" });
  // a sunlit veil over the lower house for depth
  b += `<rect x="0" y="${n(ground - 10)}" width="${w}" height="${n(h - ground + 10)}" fill="url(#lawn)"/>`;
  b += `<path d="M${n(cx - w * 0.1)},${n(ground)} L${n(cx + w * 0.1)},${n(ground)} L${n(cx + w * 0.36)},${h} L${n(cx - w * 0.36)},${h} Z" fill="url(#gravel)"/>`;
  b += `<ellipse cx="${n(cx)}" cy="${n(ground + (h - ground) * 0.55)}" rx="${n(w * 0.13)}" ry="${n((h - ground) * 0.22)}" fill="#7c9f63"/>`;
  b += `<ellipse cx="${n(cx)}" cy="${n(ground + (h - ground) * 0.52)}" rx="${n(w * 0.07)}" ry="${n((h - ground) * 0.1)}" fill="#c96f88"/>`;
  b +=
    roseBush(r, cx - w * 0.04, ground + (h - ground) * 0.6, w * 0.06, 40, {}) +
    roseBush(r, cx + w * 0.04, ground + (h - ground) * 0.6, w * 0.06, 40, {}) +
    roseBush(r, cx, ground + (h - ground) * 0.66, w * 0.07, 44, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  // borders along the house
  b += flowerBed(r, w * 0.24, ground - 14, w * 0.16, 26, ["#d993a6", "#b59ad6", "#f4e3c6", "#e9d59a"], 0.03);
  b += flowerBed(r, w * 0.6, ground - 14, w * 0.16, 26, ["#d993a6", "#b59ad6", "#f4e3c6", "#e9d59a"], 0.03);
  b += topiary(cx - w * 0.055, ground + 14, 1.3) + topiary(cx + w * 0.055, ground + 14, 1.3);
  b += conifer(w * 0.235, ground + 30, 56, 150) + conifer(w * 0.765, ground + 30, 56, 150);
  b += blob(r, w * 0.06, h * 0.98, w * 0.11, 9, "#2f442a") + blob(r, w * 0.94, h * 0.98, w * 0.11, 9, "#2f442a");
  b += blob(r, w * 0.1, h * 0.95, w * 0.05, 5, "#46603d") + blob(r, w * 0.9, h * 0.95, w * 0.05, 5, "#46603d");
  b += `<rect y="${n(h * 0.75)}" width="${w}" height="${n(h * 0.25)}" fill="url(#shade)"/>`;
  return svg(w, h, b, { defs });
}

/** The house across the great lawn between clipped yews (gallery, 1200×900). */
export function houseLawn(w = 1200, h = 900, seed = 11) {
  const r = rng(seed);
  const defs =
    skyDefs("sky", "#bcd3de", "#e6eee8", "#eef0df") +
    brickTexture("brick", { base: "#b26246", mortar: "#d5a083" }) +
    lawnStripes("lawn", { a: "#82a568", b: "#8fb274", w: 50 });
  const ground = h * 0.52;
  let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  b += cloud(w * 0.2, h * 0.12, 1.2, 0.9) + cloud(w * 0.75, h * 0.18, 1.5, 0.8);
  b += `<path d="${ridge(r, 0, w, h * 0.44, 12, h)}" fill="#9db58a"/>`;
  for (let i = 0; i < 5; i++) b += tree(r, w * 0.04 + i * w * 0.06, ground, 0.8 + r() * 0.3);
  for (let i = 0; i < 5; i++) b += tree(r, w * 0.72 + i * w * 0.06, ground, 0.8 + r() * 0.3);
  b += house(w / 2, ground, w * 0.42, { brick: "brick" });
  b += `<rect y="${n(ground)}" width="${w}" height="${n(h - ground)}" fill="url(#lawn)"/>`;
  b += `<path d="M${n(w * 0.47)},${n(ground)} L${n(w * 0.53)},${n(ground)} L${n(w * 0.62)},${h} L${n(w * 0.38)},${h} Z" fill="#d9ccb0"/>`;
  // two lines of clipped yews marching towards us, each with its shadow
  for (let i = 0; i < 5; i++) {
    const t = i / 4;
    const s = 0.45 + t * 1.1;
    const y = ground + 24 + t * t * (h - ground - 150);
    for (const side of [-1, 1]) {
      const x = w * 0.5 + side * (w * 0.07 + t * w * 0.2);
      b += `<ellipse cx="${n(x + 18 * s)}" cy="${n(y)}" rx="${n(34 * s)}" ry="${n(7 * s)}" fill="#3f5a38" opacity="0.45"/>`;
      b += conifer(x, y, 52 * s, 70 * s, { dark: "#2f452b", light: "#4b6a40" });
      b += `<circle cx="${n(x)}" cy="${n(y - 82 * s)}" r="${n(16 * s)}" fill="#2f452b"/><circle cx="${n(x + 4 * s)}" cy="${n(y - 86 * s)}" r="${n(8 * s)}" fill="#4b6a40"/>`;
    }
  }
  b += flowerBed(r, -20, h * 0.86, w * 0.42, h * 0.16, ["#d993a6", "#b59ad6", "#fff6dc", "#e9d59a", "#c96f88"], 0.005);
  b += flowerBed(r, w * 0.6, h * 0.86, w * 0.42, h * 0.16, ["#d993a6", "#b59ad6", "#fff6dc", "#e9d59a", "#c96f88"], 0.005);
  return svg(w, h, b, { defs });
}

/** The front door under a stone porch draped with wisteria (gallery, 1200×900). */
export function housePorch(w = 1200, h = 900, seed = 5) {
  const r = rng(seed);
  const defs =
    brickTexture("brick", { base: "#b05f44", mortar: "#d39a7c", w: 40, h: 14 }) +
    linear(
      "light",
      [
        [0, "#fff4d6", 0.22],
        [1, "#fff4d6", 0],
      ],
      { x1: 1, y1: 0, x2: 0, y2: 1 },
    ) +
    linear("step", [
      [0, "#ddd4c0"],
      [1, "#bfb49c"],
    ]) +
    wisteriaDefs();
  let b = `<rect width="${w}" height="${h}" fill="url(#brick)"/>`;
  const cx = w / 2;
  // stone surround and columns
  b += `<rect x="${n(cx - 250)}" y="${n(h * 0.18)}" width="500" height="${n(h * 0.7)}" fill="#e8dcc0"/>`;
  b += `<path d="M${n(cx - 290)},${n(h * 0.2)} L${n(cx)},${n(h * 0.04)} L${n(cx + 290)},${n(h * 0.2)} Z" fill="#f1e9d6" stroke="#d6c9a8" stroke-width="4"/>`;
  b += `<rect x="${n(cx - 300)}" y="${n(h * 0.2)}" width="600" height="26" fill="#f1e9d6"/>`;
  for (const colX of [cx - 230, cx + 190]) {
    b += `<rect x="${n(colX)}" y="${n(h * 0.23)}" width="40" height="${n(h * 0.64)}" fill="#f4eddc"/>`;
    for (let k = 0; k < 5; k++) b += `<path d="M${n(colX + 6 + k * 7)},${n(h * 0.24)} V${n(h * 0.86)}" stroke="#ddd1b5" stroke-width="2"/>`;
  }
  // door
  b += `<path d="M${n(cx - 130)},${n(h * 0.88)} V${n(h * 0.42)} A130,130 0 0,1 ${n(cx + 130)},${n(h * 0.42)} V${n(h * 0.88)} Z" fill="#2f4a3a"/>`;
  b += `<path d="M${n(cx - 110)},${n(h * 0.42)} A110,110 0 0,1 ${n(cx + 110)},${n(h * 0.42)} Z" fill="#f5d98b" opacity="0.85"/>`;
  for (let k = 1; k < 6; k++) {
    const a = Math.PI + (Math.PI * k) / 6;
    b += `<path d="M${n(cx)},${n(h * 0.42)} L${n(cx + Math.cos(a) * 110)},${n(h * 0.42 + Math.sin(a) * 110)}" stroke="#e8dcc0" stroke-width="4"/>`;
  }
  b += `<path d="M${n(cx)},${n(h * 0.45)} V${n(h * 0.88)}" stroke="#1f3328" stroke-width="4"/>`;
  for (const [px, py] of [
    [cx - 100, h * 0.47],
    [cx + 12, h * 0.47],
    [cx - 100, h * 0.66],
    [cx + 12, h * 0.66],
  ])
    b += `<rect x="${n(px)}" y="${n(py)}" width="88" height="${n(h * 0.16)}" rx="6" fill="none" stroke="#3e5d4a" stroke-width="5"/>`;
  b += `<circle cx="${n(cx + 40)}" cy="${n(h * 0.66)}" r="8" fill="#cfac47"/><circle cx="${n(cx)}" cy="${n(h * 0.56)}" r="14" fill="none" stroke="#cfac47" stroke-width="5"/>`;
  // steps, pots
  b += `<rect x="${n(cx - 240)}" y="${n(h * 0.88)}" width="480" height="${n(h * 0.05)}" fill="url(#step)"/><rect x="${n(cx - 290)}" y="${n(h * 0.93)}" width="580" height="${n(h * 0.07)}" fill="url(#step)"/>`;
  b += topiary(cx - 330, h * 0.97, 2.2) + topiary(cx + 330, h * 0.97, 2.2);
  // wisteria pouring over the porch and down the sides
  b += `<rect width="${w}" height="${h}" fill="url(#light)"/>`;
  b += wisteria(r, -30, w + 30, h * 0.03, { count: 34, len: 150, leaf: 26 });
  b += wisteria(r, -30, cx - 260, h * 0.2, { count: 8, len: 190, leaf: 24 });
  b += wisteria(r, cx + 260, w + 30, h * 0.2, { count: 8, len: 190, leaf: 24 });
  b += blob(r, 30, h * 0.62, 70, 8, "#4f6d45") + blob(r, w - 30, h * 0.66, 70, 8, "#4f6d45");
  return svg(w, h, b, { defs });
}
