import {
  blob,
  brickTexture,
  cakeStand,
  chair,
  flowerBed,
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
} from "./lib.mjs";

/** A garden glimpsed through glass: sky, hedge line, trees and a lawn. */
function gardenView(r, x, y, w, h, id) {
  let out = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#${id})"/>`;
  out += `<path d="${ridge(r, x, x + w, y + h * 0.6, 8, y + h, 6)}" fill="#86a874"/>`;
  for (let i = 0; i < 3; i++)
    out += tree(r, x + w * (0.2 + i * 0.3), y + h * 0.66, (w / 300) * (0.9 + r() * 0.3), { dark: "#4f6d45", mid: "#62824f", light: "#98b57a" });
  out += `<rect x="${n(x)}" y="${n(y + h * 0.78)}" width="${n(w)}" height="${n(h * 0.22)}" fill="#9cbb7e"/>`;
  out += roseBush(r, x + w * 0.3, y + h * 0.92, w * 0.25, h * 0.12, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  return out;
}

function vase(_r, x, y, s) {
  let out = `<path d="M${n(x - 8 * s)},${n(y)} Q${n(x - 12 * s)},${n(y - 16 * s)} ${n(x - 5 * s)},${n(y - 26 * s)} L${n(x + 5 * s)},${n(y - 26 * s)} Q${n(x + 12 * s)},${n(y - 16 * s)} ${n(x + 8 * s)},${n(y)} Z" fill="#dfeaf0" opacity="0.85"/>`;
  out += `<path d="M${n(x)},${n(y - 24 * s)} l${n(-8 * s)},${n(-22 * s)} M${n(x)},${n(y - 24 * s)} l${n(6 * s)},${n(-26 * s)} M${n(x)},${n(y - 24 * s)} l${n(14 * s)},${n(-14 * s)}" stroke="#4f6d45" stroke-width="${n(1.5 * s)}"/>`;
  out +=
    rose(x - 8 * s, y - 48 * s, 6 * s) +
    rose(x + 6 * s, y - 52 * s, 6.5 * s, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" }) +
    rose(x + 14 * s, y - 40 * s, 5 * s);
  return out;
}

/** The dining room in the old coach house (gallery and home page, 1200×900). */
export function tearoomInterior(w = 1200, h = 900, seed = 21) {
  const r = rng(seed);
  const defs =
    linear("wall", [
      [0, "#f6efdf"],
      [1, "#eadfc7"],
    ]) +
    linear("floor", [
      [0, "#b98a5e"],
      [1, "#8e6442"],
    ]) +
    linear("view", [
      [0, "#cfe0e6"],
      [1, "#eef2e2"],
    ]) +
    radial("glow", [
      [0, "#fff6dc", 0.9],
      [1, "#fff6dc", 0],
    ]) +
    `<pattern id="planks" width="120" height="40" patternUnits="userSpaceOnUse"><path d="M0,0 H120 M60,0 V20 M0,20 H120 M0,20 V40" stroke="#7a5436" stroke-width="1.5" opacity="0.35"/></pattern>`;
  const floorY = h * 0.68;
  let b = `<rect width="${w}" height="${h}" fill="url(#wall)"/>`;
  // panelling below the dado rail
  b += `<rect y="${n(floorY - h * 0.22)}" width="${w}" height="${n(h * 0.22)}" fill="#dfe6d3"/>`;
  for (let i = 0; i < 10; i++)
    b += `<rect x="${n(i * (w / 10) + 12)}" y="${n(floorY - h * 0.19)}" width="${n(w / 10 - 24)}" height="${n(h * 0.15)}" rx="4" fill="none" stroke="#c7d3b8" stroke-width="3"/>`;
  b += `<rect y="${n(floorY - h * 0.23)}" width="${w}" height="10" fill="#f9f4e8"/>`;
  b += `<rect y="${n(h * 0.06)}" width="${w}" height="14" fill="#f9f4e8"/>`;
  // three tall arched windows onto the garden
  for (let i = 0; i < 3; i++) {
    const wx = w * (0.18 + i * 0.32) - 90;
    const wy = h * 0.12;
    const ww = 180;
    const wh = h * 0.46;
    b += `<path d="M${n(wx - 14)},${n(wy + wh + 14)} V${n(wy + 76)} A${n(ww / 2 + 14)},${n(ww / 2 + 14)} 0 0,1 ${n(wx + ww + 14)},${n(wy + 76)} V${n(wy + wh + 14)} Z" fill="#f9f4e8"/>`;
    b += `<clipPath id="win${i}"><path d="M${n(wx)},${n(wy + wh)} V${n(wy + 90)} A${n(ww / 2)},${n(ww / 2)} 0 0,1 ${n(wx + ww)},${n(wy + 90)} V${n(wy + wh)} Z"/></clipPath>`;
    b += `<g clip-path="url(#win${i})">${gardenView(r, wx, wy, ww, wh, "view")}</g>`;
    b += `<path d="M${n(wx + ww / 2)},${n(wy)} V${n(wy + wh)} M${n(wx)},${n(wy + wh * 0.45)} H${n(wx + ww)} M${n(wx)},${n(wy + wh * 0.72)} H${n(wx + ww)}" stroke="#f9f4e8" stroke-width="6"/>`;
    b += `<ellipse cx="${n(wx + ww / 2)}" cy="${n(floorY + 40)}" rx="${n(ww * 0.9)}" ry="30" fill="#fff6dc" opacity="0.35"/>`;
    // curtains
    b += `<path d="M${n(wx - 30)},${n(wy - 10)} Q${n(wx - 10)},${n(wy + wh * 0.5)} ${n(wx - 24)},${n(wy + wh + 20)} L${n(wx - 56)},${n(wy + wh + 20)} Q${n(wx - 40)},${n(wy + wh * 0.5)} ${n(wx - 56)},${n(wy - 10)} Z" fill="#c96f88"/>`;
    b += `<path d="M${n(wx + ww + 30)},${n(wy - 10)} Q${n(wx + ww + 10)},${n(wy + wh * 0.5)} ${n(wx + ww + 24)},${n(wy + wh + 20)} L${n(wx + ww + 56)},${n(wy + wh + 20)} Q${n(wx + ww + 40)},${n(wy + wh * 0.5)} ${n(wx + ww + 56)},${n(wy - 10)} Z" fill="#b4536f"/>`;
  }
  // chandelier
  b += `<path d="M${n(w / 2)},0 V${n(h * 0.1)}" stroke="#a78226" stroke-width="3"/>`;
  b += `<circle cx="${n(w / 2)}" cy="${n(h * 0.13)}" r="90" fill="url(#glow)"/>`;
  b += `<path d="M${n(w / 2 - 60)},${n(h * 0.12)} Q${n(w / 2)},${n(h * 0.18)} ${n(w / 2 + 60)},${n(h * 0.12)}" stroke="#a78226" stroke-width="4" fill="none"/>`;
  for (const dx of [-60, -30, 0, 30, 60])
    b += `<rect x="${n(w / 2 + dx - 3)}" y="${n(h * 0.1 - 8)}" width="6" height="14" fill="#fffdf8"/><ellipse cx="${n(w / 2 + dx)}" cy="${n(h * 0.1 - 12)}" rx="3" ry="6" fill="#f5c85a"/>`;
  // floor
  b += `<rect y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="url(#floor)"/><rect y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="url(#planks)"/>`;
  // tables, chairs and tea things
  // a rose-coloured rug, then tables from the back of the room to the front
  b += `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.86)}" rx="${n(w * 0.42)}" ry="${n(h * 0.1)}" fill="#c96f88" opacity="0.55"/><ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.86)}" rx="${n(w * 0.38)}" ry="${n(h * 0.08)}" fill="none" stroke="#f3c3d0" stroke-width="4" opacity="0.8"/>`;
  const tables = [
    [w * 0.36, h * 0.75, 1.3],
    [w * 0.66, h * 0.76, 1.4],
    [w * 0.17, h * 0.93, 2.5],
    [w * 0.52, h * 0.9, 2.2],
    [w * 0.86, h * 0.96, 2.6],
  ];
  for (const [tx, ty, s] of tables) {
    b += `<ellipse cx="${n(tx)}" cy="${n(ty)}" rx="${n(50 * s)}" ry="${n(6 * s)}" fill="#5b4636" opacity="0.25"/>`;
    b += chair(tx - 62 * s, ty + 2 * s, s, "#a9825c", 1) + chair(tx + 62 * s, ty + 2 * s, s, "#a9825c", -1);
    b += tableWithCloth(tx, ty, s);
    b += teacup(tx - 18 * s, ty - 42 * s, 0.5 * s) + teacup(tx + 20 * s, ty - 42 * s, 0.5 * s);
    b += vase(r, tx, ty - 44 * s, 0.5 * s);
  }
  // a potted palm
  b += `<path d="M${n(w * 0.965)},${n(floorY + 10)} l-26,0 l8,60 l36,0 l8,-60 Z" fill="#a86f4c"/>`;
  for (let k = 0; k < 7; k++) {
    const a = -Math.PI / 2 + (k - 3) * 0.42;
    b += `<path d="M${n(w * 0.965 - 4)},${n(floorY + 8)} Q${n(w * 0.965 - 4 + Math.cos(a) * 60)},${n(floorY - 90 + Math.sin(a) * 30)} ${n(w * 0.965 - 4 + Math.cos(a) * 110)},${n(floorY - 40 + Math.sin(a) * 90)}" stroke="#4f6d45" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }
  return svg(w, h, b, { defs });
}

/** Afternoon tea on the table: stand, teapot, cups and roses (gallery and afternoon tea hero, 1200×900). */
export function afternoonTea(w = 1200, h = 900, seed = 31) {
  const r = rng(seed);
  const defs =
    linear("bg", [
      [0, "#cddbc4"],
      [1, "#dfe6d3"],
    ]) +
    `<pattern id="stripes" width="60" height="10" patternUnits="userSpaceOnUse"><rect width="30" height="10" fill="#ffffff" opacity="0.18"/></pattern>` +
    radial("win", [
      [0, "#fffbea", 0.95],
      [1, "#fffbea", 0],
    ]) +
    linear("cloth", [
      [0, "#f8e8ec"],
      [1, "#efd6dd"],
    ]) +
    `<pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="3.5" fill="#fffdf8"/><circle cx="27" cy="27" r="3" fill="#d993a6"/></pattern>`;
  const tableY = h * 0.62;
  let b = `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#stripes)"/>`;
  // soft window and garden behind, out of focus
  b += `<rect x="${n(w * 0.58)}" y="${n(h * 0.04)}" width="${n(w * 0.36)}" height="${n(h * 0.5)}" rx="8" fill="#cfe0d8"/>`;
  b += blob(r, w * 0.7, h * 0.38, 150, 8, "#a9c396", { flatten: 0.6 }) + blob(r, w * 0.85, h * 0.3, 120, 7, "#95b383", { flatten: 0.6 });
  b += `<path d="M${n(w * 0.76)},${n(h * 0.04)} V${n(h * 0.54)} M${n(w * 0.58)},${n(h * 0.28)} H${n(w * 0.94)}" stroke="#f6efdf" stroke-width="10"/>`;
  b += `<circle cx="${n(w * 0.76)}" cy="${n(h * 0.2)}" r="${n(h * 0.35)}" fill="url(#win)"/>`;
  // table with a spotted cloth and lace edge
  b += `<rect y="${n(tableY)}" width="${w}" height="${n(h - tableY)}" fill="url(#cloth)"/><rect y="${n(tableY)}" width="${w}" height="${n(h - tableY)}" fill="url(#dots)" opacity="0.6"/>`;
  let lace = "";
  for (let x = -10; x < w + 20; x += 28) lace += `<circle cx="${x}" cy="${n(tableY)}" r="9"/>`;
  b += `<g fill="#fffdf8" opacity="0.9">${lace}</g>`;
  b += `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.85)}" rx="${n(w * 0.45)}" ry="${n(h * 0.05)}" fill="#d8ccb4" opacity="0.35"/>`;
  b += cakeStand(r, w * 0.5, h * 0.84, 2.3);
  b += `<ellipse cx="${n(w * 0.19)}" cy="${n(h * 0.89)}" rx="120" ry="16" fill="#7f3249" opacity="0.15"/>`;
  b += teapot(w * 0.19, h * 0.88, 2.6, { body: "#fffaf0" });
  b += teacup(w * 0.76, h * 0.88, 3.4) + teacup(w * 0.9, h * 0.99, 3, { band: "#4a6642" });
  // a little jug of roses
  const jx = w * 0.92;
  const jy = h * 0.76;
  b += `<path d="M${n(jx + 8)},${n(jy - 140)} l-20,-70 M${n(jx)},${n(jy - 140)} l-6,-84 M${n(jx - 10)},${n(jy - 140)} l16,-76" stroke="#4f6d45" stroke-width="4"/>`;
  b += `<path d="M${n(jx - 30)},${n(jy - 190)} q-40,-10 -50,20 q30,10 50,-20 Z M${n(jx + 20)},${n(jy - 175)} q40,-14 52,12 q-30,14 -52,-12 Z" fill="#56773f"/>`;
  b +=
    rose(jx - 14, jy - 212, 20) +
    rose(jx + 12, jy - 226, 18, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" }) +
    rose(jx + 8, jy - 200, 15) +
    rose(jx - 26, jy - 180, 13, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  b += `<path d="M${n(jx - 40)},${n(jy)} Q${n(jx - 52)},${n(jy - 80)} ${n(jx - 30)},${n(jy - 130)} L${n(jx - 34)},${n(jy - 146)} L${n(jx + 34)},${n(jy - 146)} L${n(jx + 30)},${n(jy - 130)} Q${n(jx + 52)},${n(jy - 80)} ${n(jx + 40)},${n(jy)} Z" fill="#fffaf0" stroke="#cfac47" stroke-width="2"/>`;
  b += `<path d="M${n(jx - 44)},${n(jy - 70)} H${n(jx + 44)}" stroke="#6f9064" stroke-width="8" opacity="0.8"/>`;
  return svg(w, h, b, { defs });
}

/** A window seat over the walled garden (gallery and reservations hero, 1200×900). */
export function windowSeat(w = 1200, h = 900, seed = 41) {
  const r = rng(seed);
  const defs =
    linear("wall", [
      [0, "#f1e7d2"],
      [1, "#e3d5b8"],
    ]) +
    linear("sky", [
      [0, "#cfe0e6"],
      [1, "#f2f0e2"],
    ]) +
    brickTexture("gbrick", { base: "#b9775b", mortar: "#d8a88d", w: 20, h: 7 }) +
    linear("cushion", [
      [0, "#6f9064"],
      [1, "#4a6642"],
    ]) +
    linear(
      "sun",
      [
        [0, "#fff6dc", 0.4],
        [1, "#fff6dc", 0],
      ],
      { x1: 0.3, y1: 0, x2: 0.6, y2: 1 },
    );
  let b = `<rect width="${w}" height="${h}" fill="url(#wall)"/>`;
  const wx = w * 0.15;
  const wy = h * 0.1;
  const ww = w * 0.7;
  const wh = h * 0.52;
  b += `<rect x="${n(wx - 30)}" y="${n(wy - 30)}" width="${n(ww + 60)}" height="${n(wh + 60)}" fill="#f9f4e8"/>`;
  // view: walled garden in bloom
  b += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" fill="url(#sky)"/>`;
  b += `<clipPath id="pane"><rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}"/></clipPath><g clip-path="url(#pane)">`;
  for (let i = 0; i < 4; i++) b += tree(r, wx + ww * (0.1 + i * 0.28), wy + wh * 0.5, 1.3, { dark: "#5b7a50", mid: "#6d8c5e", light: "#a2bd86" });
  b += `<rect x="${n(wx)}" y="${n(wy + wh * 0.42)}" width="${n(ww)}" height="${n(wh * 0.22)}" fill="url(#gbrick)"/>`;
  b += `<rect x="${n(wx)}" y="${n(wy + wh * 0.42)}" width="${n(ww)}" height="8" fill="#d8c7a6"/>`;
  b += `<rect x="${n(wx)}" y="${n(wy + wh * 0.62)}" width="${n(ww)}" height="${n(wh * 0.4)}" fill="#93b47a"/>`;
  b += flowerBed(r, wx - 20, wy + wh * 0.56, ww + 40, wh * 0.2, ["#8f6bb8", "#d993a6", "#fff6dc", "#e9d59a", "#c96f88", "#6f8fcf"], 0.008);
  b += `<path d="M${n(wx + ww * 0.44)},${n(wy + wh)} L${n(wx + ww * 0.5)},${n(wy + wh * 0.66)} L${n(wx + ww * 0.56)},${n(wy + wh)} Z" fill="#dccfb2"/>`;
  b += `</g>`;
  // glazing bars
  for (let i = 1; i < 4; i++) b += `<path d="M${n(wx + (ww * i) / 4)},${n(wy)} V${n(wy + wh)}" stroke="#f9f4e8" stroke-width="10"/>`;
  b += `<path d="M${n(wx)},${n(wy + wh * 0.35)} H${n(wx + ww)}" stroke="#f9f4e8" stroke-width="10"/>`;
  // curtains tied back
  b += `<path d="M${n(wx - 70)},${n(wy - 40)} Q${n(wx + 40)},${n(wy + wh * 0.4)} ${n(wx - 10)},${n(wy + wh * 0.62)} Q${n(wx - 30)},${n(wy + wh)} ${n(wx - 80)},${n(wy + wh + 40)} L${n(wx - 150)},${n(wy + wh + 40)} L${n(wx - 150)},${n(wy - 40)} Z" fill="#b4536f"/>`;
  b += `<path d="M${n(wx + ww + 70)},${n(wy - 40)} Q${n(wx + ww - 40)},${n(wy + wh * 0.4)} ${n(wx + ww + 10)},${n(wy + wh * 0.62)} Q${n(wx + ww + 30)},${n(wy + wh)} ${n(wx + ww + 80)},${n(wy + wh + 40)} L${n(wx + ww + 150)},${n(wy + wh + 40)} L${n(wx + ww + 150)},${n(wy - 40)} Z" fill="#9a3f5b"/>`;
  b += `<rect x="${n(wx - 160)}" y="${n(wy - 60)}" width="${n(ww + 320)}" height="24" rx="12" fill="#a78226"/>`;
  // the seat with cushions
  const seatY = wy + wh + 40;
  b += `<rect x="${n(wx - 40)}" y="${n(seatY)}" width="${n(ww + 80)}" height="${n(h - seatY)}" fill="#e9dec6"/>`;
  for (let i = 0; i < 4; i++)
    b += `<rect x="${n(wx - 10 + (i * (ww + 20)) / 4)}" y="${n(seatY + 70)}" width="${n((ww + 20) / 4 - 30)}" height="${n(h - seatY - 90)}" rx="6" fill="none" stroke="#d6c8aa" stroke-width="4"/>`;
  b += `<rect x="${n(wx - 50)}" y="${n(seatY - 20)}" width="${n(ww + 100)}" height="56" rx="26" fill="url(#cushion)"/>`;
  b += `<rect x="${n(wx + 20)}" y="${n(seatY - 110)}" width="170" height="120" rx="40" fill="#c96f88" transform="rotate(-8 ${n(wx + 105)} ${n(seatY - 50)})"/>`;
  b += `<rect x="${n(wx + ww - 200)}" y="${n(seatY - 104)}" width="160" height="112" rx="40" fill="#e9d59a" transform="rotate(7 ${n(wx + ww - 120)} ${n(seatY - 48)})"/>`;
  b += `<rect x="${n(wx + 215)}" y="${n(seatY - 100)}" width="150" height="108" rx="38" fill="#f4ecdc"/>`;
  // book and teacup
  b += `<g transform="translate(${n(wx + ww * 0.55)} ${n(seatY - 28)}) rotate(-6)"><rect width="120" height="18" rx="3" fill="#7f3249"/><rect x="4" y="-4" width="112" height="8" fill="#fffdf8"/></g>`;
  b += teacup(wx + ww * 0.78, seatY - 18, 1.6);
  b += `<rect width="${w}" height="${h}" fill="url(#sun)"/>`;
  return svg(w, h, b, { defs });
}
