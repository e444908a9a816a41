import { blob, brickTexture, cloud, fountain, hedge, lawnStripes, lilies, linear, n, radial, ridge, rng, rose, roseBush, svg, tree } from "./lib.mjs";

const sky = (id, a = "#c7dbe4", b = "#eef1e4") =>
  linear(id, [
    [0, a],
    [1, b],
  ]);

/** A rose arch (roses climbing a painted iron hoop). */
function roseArch(r, x, y, w, h, colors) {
  let out = `<path d="M${n(x - w / 2)},${n(y)} V${n(y - h + w / 2)} A${n(w / 2)},${n(w / 2)} 0 0,1 ${n(x + w / 2)},${n(y - h + w / 2)} V${n(y)}" fill="none" stroke="#3c4a3a" stroke-width="8"/>`;
  const steps = 44;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let px;
    let py;
    if (t < 0.3) {
      px = x - w / 2;
      py = y - (h - w / 2) * (t / 0.3);
    } else if (t > 0.7) {
      px = x + w / 2;
      py = y - (h - w / 2) * ((1 - t) / 0.3);
    } else {
      const a = Math.PI + Math.PI * ((t - 0.3) / 0.4);
      px = x + Math.cos(a) * (w / 2);
      py = y - h + w / 2 + Math.sin(a) * (w / 2);
    }
    out += blob(r, px, py, 34, 3, r() > 0.5 ? "#3f5a38" : "#4f6d45");
    out += rose(px + (r() - 0.5) * 30, py + (r() - 0.5) * 30, 7 + r() * 6, colors);
    if (r() > 0.5) out += rose(px + (r() - 0.5) * 30, py + (r() - 0.5) * 30, 5 + r() * 4, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  }
  return out;
}

/** The rose garden through its arch in high summer (gallery, 1200×900). */
export function roseGarden(w = 1200, h = 900, seed = 51) {
  const r = rng(seed);
  const defs =
    sky("sky", "#d4e3e8", "#f5efdf") +
    lawnStripes("lawn", { a: "#86a86b", b: "#91b377", w: 40 }) +
    linear("path", [
      [0, "#e6dcc3"],
      [1, "#cfc1a0"],
    ]);
  const ground = h * 0.5;
  let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>` + cloud(w * 0.3, h * 0.12, 1.1) + cloud(w * 0.8, h * 0.08, 0.8, 0.7);
  b += `<path d="${ridge(r, 0, w, h * 0.42, 10, h)}" fill="#a4bb8f"/>`;
  for (let i = 0; i < 8; i++) b += tree(r, i * w * 0.14 + r() * 40, ground, 0.9 + r() * 0.4, { dark: "#4f6d45", mid: "#5f7f50", light: "#93b27a" });
  b += hedge(0, ground - 60, w, 70, { dark: "#3b5235", light: "#557548" });
  b += `<rect y="${n(ground)}" width="${w}" height="${n(h - ground)}" fill="url(#lawn)"/>`;
  b += `<path d="M${n(w * 0.46)},${n(ground)} L${n(w * 0.54)},${n(ground)} L${n(w * 0.72)},${h} L${n(w * 0.28)},${h} Z" fill="url(#path)"/>`;
  // distant sundial
  b += `<rect x="${n(w * 0.49)}" y="${n(ground - 20)}" width="${n(w * 0.02)}" height="34" fill="#d8d0bd"/><ellipse cx="${n(w * 0.5)}" cy="${n(ground - 20)}" rx="22" ry="5" fill="#cfc6b3"/>`;
  // rose beds marching along the path
  const pinks = [
    {},
    { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" },
    { outer: "#fff1e0", mid: "#f6d9c0", inner: "#e0a98a" },
    { outer: "#d64c6a", mid: "#b8323f", inner: "#7a1f2b" },
  ];
  for (let i = 0; i < 4; i++) {
    const t = i / 3;
    const y = ground + 40 + t * t * (h - ground - 120);
    const s = 0.5 + t * 1.3;
    b += roseBush(r, w * 0.5 - (w * 0.14 + t * w * 0.22), y, 130 * s, 60 * s, pinks[i % 4]);
    b += roseBush(r, w * 0.5 + (w * 0.14 + t * w * 0.22), y, 130 * s, 60 * s, pinks[(i + 2) % 4]);
  }
  b += roseArch(r, w * 0.5, h * 1.02, w * 0.78, h * 0.95, { outer: "#e8a0b4", mid: "#c96f88", inner: "#9a3f5b" });
  return svg(w, h, b, { defs });
}

/** A timber pavilion with a shingled roof. */
function pavilion(x, y, s) {
  return (
    `<g><path d="M${n(x - 90 * s)},${n(y - 120 * s)} L${n(x)},${n(y - 190 * s)} L${n(x + 90 * s)},${n(y - 120 * s)} Z" fill="#6d5a4e"/>` +
    `<path d="M${n(x)},${n(y - 190 * s)} L${n(x + 90 * s)},${n(y - 120 * s)} L${n(x + 30 * s)},${n(y - 120 * s)} Z" fill="#5a4a40"/>` +
    `<rect x="${n(x - 82 * s)}" y="${n(y - 122 * s)}" width="${n(164 * s)}" height="${n(10 * s)}" fill="#f1e9d6"/>` +
    [-74, -25, 25, 74]
      .map((dx) => `<rect x="${n(x + dx * s - 4 * s)}" y="${n(y - 112 * s)}" width="${n(8 * s)}" height="${n(112 * s)}" fill="#f1e9d6"/>`)
      .join("") +
    `<path d="M${n(x - 78 * s)},${n(y - 40 * s)} H${n(x + 78 * s)} M${n(x - 78 * s)},${n(y - 24 * s)} H${n(x + 78 * s)}" stroke="#f1e9d6" stroke-width="${n(3 * s)}"/>` +
    `<rect x="${n(x - 90 * s)}" y="${n(y - 4 * s)}" width="${n(180 * s)}" height="${n(10 * s)}" fill="#d8d0bd"/>` +
    `<circle cx="${n(x)}" cy="${n(y - 196 * s)}" r="${n(5 * s)}" fill="#cfac47"/></g>`
  );
}

/** The lily pond, its pavilion and the fountain (gallery, 1200×900). */
export function lilyPond(w = 1200, h = 900, seed = 61) {
  const r = rng(seed);
  const defs =
    sky("sky", "#c5dae3", "#f1efe2") +
    linear("water", [
      [0, "#8fb6c2"],
      [1, "#5f8e9c"],
    ]) +
    radial("sheen", [
      [0, "#ffffff", 0.5],
      [1, "#ffffff", 0],
    ]) +
    linear("grass", [
      [0, "#90b077"],
      [1, "#6f9060"],
    ]);
  const ground = h * 0.42;
  let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>` + cloud(w * 0.2, h * 0.1, 1) + cloud(w * 0.65, h * 0.15, 1.3, 0.8);
  b += `<path d="${ridge(r, 0, w, h * 0.36, 10, h)}" fill="#a7bd92"/>`;
  for (let i = 0; i < 7; i++) b += tree(r, i * w * 0.16 + r() * 30, ground, 1 + r() * 0.4, { dark: "#4a6642", mid: "#5a7a4f", light: "#91af78" });
  b += `<rect y="${n(ground)}" width="${w}" height="${n(h - ground)}" fill="url(#grass)"/>`;
  b += pavilion(w * 0.72, ground + 90, 1.2);
  // the pond
  const pcx = w * 0.46;
  const pcy = h * 0.7;
  b += `<ellipse cx="${n(pcx)}" cy="${n(pcy)}" rx="${n(w * 0.44)}" ry="${n(h * 0.17)}" fill="#d8d0bd"/>`;
  b += `<ellipse cx="${n(pcx)}" cy="${n(pcy)}" rx="${n(w * 0.42)}" ry="${n(h * 0.15)}" fill="url(#water)"/>`;
  b += `<ellipse cx="${n(pcx - w * 0.1)}" cy="${n(pcy - h * 0.05)}" rx="${n(w * 0.2)}" ry="${n(h * 0.04)}" fill="url(#sheen)"/>`;
  // reflections of the pavilion
  for (let k = 0; k < 4; k++)
    b += `<path d="M${n(w * 0.66 + k * 6)},${n(pcy - h * 0.11 + k * 14)} h${n(w * 0.12 - k * 12)}" stroke="#f1e9d6" stroke-width="4" opacity="${n(0.35 - k * 0.07)}" stroke-linecap="round"/>`;
  b += lilies(r, pcx, pcy + 10, w * 0.38, h * 0.12, 22);
  b += fountain(pcx - w * 0.04, pcy - 6, 1.4);
  // reeds and irises at the water's edge
  for (let i = 0; i < 26; i++) {
    const x = w * 0.02 + r() * w * 0.16;
    const y = h * 0.72 + r() * h * 0.16;
    b += `<path d="M${n(x)},${n(y)} q${n((r() - 0.5) * 20)},${n(-40 - r() * 40)} ${n((r() - 0.5) * 30)},${n(-70 - r() * 50)}" stroke="#4f6d45" stroke-width="3" fill="none"/>`;
    if (r() > 0.6) b += `<ellipse cx="${n(x + 2)}" cy="${n(y - 60 - r() * 30)}" rx="6" ry="9" fill="#7d5cb0"/>`;
  }
  b += roseBush(r, w * 0.92, h * 0.95, 200, 90, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  // a dragonfly
  b += `<g transform="translate(${n(w * 0.3)} ${n(h * 0.52)}) rotate(-12)"><path d="M0,0 H40" stroke="#3f6f8c" stroke-width="3"/><ellipse cx="14" cy="-7" rx="12" ry="4" fill="#dbeef5" opacity="0.8"/><ellipse cx="14" cy="7" rx="12" ry="4" fill="#dbeef5" opacity="0.8"/></g>`;
  return svg(w, h, b, { defs });
}

/** The walled kitchen garden with deep borders and a gate (gallery, 1200×900). */
export function walledGarden(w = 1200, h = 900, seed = 71) {
  const r = rng(seed);
  const defs =
    sky("sky", "#cfe0e6", "#f4efe0") +
    brickTexture("wall", { base: "#b46b50", mortar: "#d8a088", w: 26, h: 9 }) +
    linear("path", [
      [0, "#e2d6bb"],
      [1, "#c9b994"],
    ]) +
    linear("lawn", [
      [0, "#93b47a"],
      [1, "#7c9f63"],
    ]);
  const wallTop = h * 0.24;
  const wallBottom = h * 0.52;
  let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>` + cloud(w * 0.7, h * 0.08, 1.1);
  for (let i = 0; i < 6; i++) b += tree(r, i * w * 0.2 + r() * 50, wallTop + 40, 0.9 + r() * 0.3, { dark: "#557548", mid: "#668a57", light: "#a2bd86" });
  // back wall with coping and an arched gate
  b += `<rect y="${n(wallTop)}" width="${w}" height="${n(wallBottom - wallTop)}" fill="url(#wall)"/>`;
  b += `<rect y="${n(wallTop - 10)}" width="${w}" height="16" fill="#d8c7a6"/>`;
  const gx = w / 2;
  b += `<path d="M${n(gx - 60)},${n(wallBottom)} V${n(wallTop + 90)} A60,60 0 0,1 ${n(gx + 60)},${n(wallTop + 90)} V${n(wallBottom)} Z" fill="#c9d9c0"/>`;
  b += `<path d="M${n(gx - 52)},${n(wallBottom)} V${n(wallTop + 92)} A52,52 0 0,1 ${n(gx + 52)},${n(wallTop + 92)} V${n(wallBottom)}" fill="none" stroke="#2f4a3a" stroke-width="5"/>`;
  for (let k = -40; k <= 40; k += 13)
    b += `<path d="M${n(gx + k)},${n(wallBottom)} V${n(wallTop + 92 + (Math.abs(k) > 30 ? 26 : Math.abs(k) > 15 ? 8 : 0))}" stroke="#2f4a3a" stroke-width="3"/>`;
  // espaliered pear trees on the wall
  for (const ex of [w * 0.18, w * 0.82]) {
    b += `<path d="M${n(ex)},${n(wallBottom)} V${n(wallTop + 30)}" stroke="#5b4636" stroke-width="6"/>`;
    for (let k = 0; k < 3; k++) {
      const ey = wallTop + 50 + k * 40;
      b += `<path d="M${n(ex - 110)},${n(ey)} H${n(ex + 110)}" stroke="#5b4636" stroke-width="4"/>`;
      for (let j = -100; j <= 100; j += 22)
        b += `<ellipse cx="${n(ex + j)}" cy="${n(ey - 6)}" rx="9" ry="5" fill="#5f8a4f"/>${r() > 0.6 ? `<circle cx="${n(ex + j + 4)}" cy="${n(ey + 6)}" r="6" fill="#c9b94a"/>` : ""}`;
    }
  }
  b += `<rect y="${n(wallBottom)}" width="${w}" height="${n(h - wallBottom)}" fill="url(#lawn)"/>`;
  b += `<path d="M${n(gx - 50)},${n(wallBottom)} L${n(gx + 50)},${n(wallBottom)} L${n(gx + 170)},${h} L${n(gx - 170)},${h} Z" fill="url(#path)"/>`;
  // deep herbaceous borders either side of the path: delphiniums, foxgloves, lupins
  const spires = (x0, x1, y0, y1) => {
    let out = "";
    for (let i = 0; i < 70; i++) {
      const t = r();
      const y = y0 + t * (y1 - y0);
      const x = x0 + r() * (x1 - x0);
      const s = 0.5 + t * 1.2;
      const c = ["#6f8fcf", "#8f6bb8", "#d993a6", "#f4ecdc", "#b4536f", "#e9c35a"][Math.floor(r() * 6)];
      out += `<path d="M${n(x)},${n(y)} V${n(y - 60 * s)}" stroke="#4f6d45" stroke-width="${n(2 * s)}"/><path d="M${n(x - 6 * s)},${n(y - 22 * s)} L${n(x)},${n(y - 70 * s)} L${n(x + 6 * s)},${n(y - 22 * s)} Z" fill="${c}"/>`;
    }
    return out;
  };
  b += `<path d="M0,${n(wallBottom)} L${n(gx - 80)},${n(wallBottom)} L${n(gx - 210)},${h} L0,${h} Z" fill="#4a6642"/><path d="M${w},${n(wallBottom)} L${n(gx + 80)},${n(wallBottom)} L${n(gx + 210)},${h} L${w},${h} Z" fill="#4a6642"/>`;
  b += blob(r, w * 0.12, h * 0.6, w * 0.12, 8, "#557548", { flatten: 0.4 }) + blob(r, w * 0.88, h * 0.6, w * 0.12, 8, "#557548", { flatten: 0.4 });
  b += spires(0, w * 0.3, h * 0.58, h * 0.98) + spires(w * 0.7, w, h * 0.58, h * 0.98);
  b += `<path d="M${n(gx - 86)},${n(wallBottom + 10)} L${n(gx - 214)},${h}" stroke="#9ab882" stroke-width="18"/><path d="M${n(gx + 86)},${n(wallBottom + 10)} L${n(gx + 214)},${h}" stroke="#9ab882" stroke-width="18"/>`;
  return svg(w, h, b, { defs });
}
