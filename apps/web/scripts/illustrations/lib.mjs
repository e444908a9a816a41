// Drawing helpers for the site's own illustrations (R20): small, deterministic SVG.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const n = (v) => (Math.round(v * 10) / 10).toString();
export const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");

const ROSE_VARIANTS = {
  deep: { outer: "#c96f88", mid: "#b4536f", inner: "#7f3249" },
  blush: { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" },
  cream: { outer: "#fff1e0", mid: "#f6d9c0", inner: "#e0a98a" },
  crimson: { outer: "#d64c6a", mid: "#b8323f", inner: "#7a1f2b" },
  pink: { outer: "#e8a0b4", mid: "#c96f88", inner: "#9a3f5b" },
};
/** The rose variant whose colours match, or "deep". */
function roseVariant(colors = {}) {
  for (const [name, c] of Object.entries(ROSE_VARIANTS)) if (!colors.outer || c.outer === colors.outer) return name;
  return "deep";
}
function roseSymbols(body) {
  return Object.entries(ROSE_VARIANTS)
    .filter(([name]) => body.includes(`#rose-${name}"`))
    .map(([name, c]) => `<symbol id="rose-${name}" overflow="visible">${roseShape(0, 0, 10, c)}</symbol>`)
    .join("");
}
/** A rose drawn by reference to a shared symbol (keeps files small). */
export function roseUse(x, y, rad, colors) {
  return `<use href="#rose-${roseVariant(colors)}" transform="translate(${n(x)} ${n(y)}) scale(${n(rad / 10)})"/>`;
}

export function svg(w, h, body, { defs = "", title = "" } = {}) {
  defs += roseSymbols(body);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${title ? `<title>${title}</title>` : ""}<defs>${defs}</defs>${body}</svg>\n`;
}

export const linear = (id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ""}/>`).join("")}</linearGradient>`;
export const radial = (id, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy } = {}) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fx !== undefined ? ` fx="${fx}" fy="${fy}"` : ""}>${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ""}/>`).join("")}</radialGradient>`;

/** A wavy ridge from x0 to x1 around baseline y, closed to the bottom at yBottom. */
export function ridge(r, x0, x1, y, amp, yBottom, steps = 12) {
  const p = [];
  for (let i = 0; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    p.push([x, y + Math.sin(i * 1.3 + r() * 2) * amp * (0.5 + r() * 0.5)]);
  }
  let d = `M${n(x0)},${n(yBottom)} L${n(p[0][0])},${n(p[0][1])}`;
  for (let i = 1; i < p.length; i++) {
    const [px, py] = p[i - 1];
    const [x, yy] = p[i];
    d += ` Q${n(px + (x - px) / 2)},${n(py + (r() - 0.5) * amp)} ${n(x)},${n(yy)}`;
  }
  return `${d} L${n(x1)},${n(yBottom)} Z`;
}

/** A rounded blob of overlapping circles (tree canopy, shrub). */
export function blob(r, cx, cy, radius, count, fill, { spread = 1, flatten = 0.8 } = {}) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.55 * spread;
    const rr = radius * (0.45 + r() * 0.35);
    out += `<circle cx="${n(cx + Math.cos(a) * d)}" cy="${n(cy + Math.sin(a) * d * flatten)}" r="${n(rr)}"/>`;
  }
  return `<g fill="${fill}">${out}</g>`;
}

/** A broadleaf tree: trunk, dark canopy, lighter sunlit side. */
export function tree(r, x, y, s, { dark = "#3b5235", mid = "#4f6d45", light = "#7d9b62", trunk = "#5b4636" } = {}) {
  return (
    `<g>` +
    `<path d="M${n(x - 6 * s)},${n(y)} C${n(x - 4 * s)},${n(y - 40 * s)} ${n(x - 8 * s)},${n(y - 60 * s)} ${n(x - 2 * s)},${n(y - 80 * s)} L${n(x + 4 * s)},${n(y - 80 * s)} C${n(x + 8 * s)},${n(y - 55 * s)} ${n(x + 5 * s)},${n(y - 35 * s)} ${n(x + 7 * s)},${n(y)} Z" fill="${trunk}"/>` +
    blob(r, x, y - 105 * s, 60 * s, 9, dark) +
    blob(r, x - 8 * s, y - 115 * s, 48 * s, 7, mid) +
    blob(r, x + 14 * s, y - 128 * s, 30 * s, 5, light) +
    `</g>`
  );
}

/** A tall conifer / yew. */
export function conifer(x, y, w, h, { dark = "#2c3e28", light = "#3f5a38" } = {}) {
  return (
    `<path d="M${n(x)},${n(y - h)} C${n(x + w * 0.35)},${n(y - h * 0.6)} ${n(x + w * 0.55)},${n(y - h * 0.2)} ${n(x + w * 0.5)},${n(y)} L${n(x - w * 0.5)},${n(y)} C${n(x - w * 0.55)},${n(y - h * 0.2)} ${n(x - w * 0.35)},${n(y - h * 0.6)} ${n(x)},${n(y - h)} Z" fill="${dark}"/>` +
    `<path d="M${n(x)},${n(y - h)} C${n(x + w * 0.3)},${n(y - h * 0.6)} ${n(x + w * 0.45)},${n(y - h * 0.25)} ${n(x + w * 0.4)},${n(y)} L${n(x + w * 0.1)},${n(y)} C${n(x + w * 0.15)},${n(y - h * 0.4)} ${n(x + w * 0.1)},${n(y - h * 0.7)} ${n(x)},${n(y - h)} Z" fill="${light}" opacity="0.7"/>`
  );
}

/** A clipped topiary ball on a short stem in a pot. */
export function topiary(x, y, s) {
  return (
    `<g><rect x="${n(x - 10 * s)}" y="${n(y - 22 * s)}" width="${n(20 * s)}" height="${n(22 * s)}" rx="${n(3 * s)}" fill="#a86f4c"/>` +
    `<rect x="${n(x - 12 * s)}" y="${n(y - 24 * s)}" width="${n(24 * s)}" height="${n(6 * s)}" rx="${n(2 * s)}" fill="#bf8560"/>` +
    `<rect x="${n(x - 1.5 * s)}" y="${n(y - 40 * s)}" width="${n(3 * s)}" height="${n(18 * s)}" fill="#5b4636"/>` +
    `<circle cx="${n(x)}" cy="${n(y - 58 * s)}" r="${n(22 * s)}" fill="#3b5235"/>` +
    `<circle cx="${n(x + 6 * s)}" cy="${n(y - 64 * s)}" r="${n(12 * s)}" fill="#55744a" opacity="0.8"/></g>`
  );
}

/** A clipped hedge with a sunlit top. */
export function hedge(x, y, w, h, { dark = "#32472d", light = "#4d6a42" } = {}) {
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(Math.min(10, h / 3))}" fill="${dark}"/>` +
    `<rect x="${n(x + 2)}" y="${n(y + 2)}" width="${n(w - 4)}" height="${n(Math.max(3, h * 0.22))}" rx="${n(Math.min(8, h / 4))}" fill="${light}" opacity="0.8"/>`
  );
}

/** An old English rose: layered petals around a dark heart. */
export function rose(x, y, rad, colors = {}) {
  return rad < 9 ? roseUse(x, y, rad, colors) : roseShape(x, y, rad, colors);
}
function roseShape(x, y, rad, { outer = "#c96f88", mid = "#b4536f", inner = "#7f3249" } = {}) {
  return (
    `<g><circle cx="${n(x)}" cy="${n(y)}" r="${n(rad)}" fill="${outer}"/>` +
    `<circle cx="${n(x + rad * 0.1)}" cy="${n(y - rad * 0.1)}" r="${n(rad * 0.68)}" fill="${mid}"/>` +
    `<path d="M${n(x - rad * 0.45)},${n(y)} a${n(rad * 0.45)},${n(rad * 0.45)} 0 1,1 ${n(rad * 0.9)},0" fill="none" stroke="${inner}" stroke-width="${n(Math.max(0.6, rad * 0.14))}"/>` +
    `<circle cx="${n(x + rad * 0.12)}" cy="${n(y - rad * 0.05)}" r="${n(rad * 0.25)}" fill="${inner}"/></g>`
  );
}

/** A rose bush: green mound studded with roses. */
export function roseBush(r, x, y, w, h, colors) {
  let out =
    `<ellipse cx="${n(x)}" cy="${n(y - h / 2)}" rx="${n(w / 2)}" ry="${n(h / 2)}" fill="#3f5a38"/>` +
    blob(r, x, y - h * 0.6, w * 0.45, 6, "#4f6d45", { flatten: 0.6 });
  const count = Math.round((w * h) / 420);
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r());
    out += rose(x + Math.cos(a) * d * w * 0.42, y - h / 2 + Math.sin(a) * d * h * 0.4, 3 + r() * 3.5, colors);
  }
  return `<g>${out}</g>`;
}

/** Three drooping lilac flower cones, drawn once and reused by `wisteria` (add to <defs>). */
export function wisteriaDefs(seed = 3) {
  const r = rng(seed);
  const colours = ["#8f6bb8", "#a383cc", "#b9a0dc", "#cdbbe8"];
  let out = "";
  for (let v = 0; v < 3; v++) {
    let drops = "";
    const rows = 12 + v * 2;
    for (let k = 0; k < rows; k++) {
      const t = k / rows;
      const rad = 6.5 * (1 - t * 0.75) + 0.8;
      const wid = rad * 1.6;
      for (const dx of [-wid / 2, wid / 2])
        drops += `<circle cx="${n(dx + (r() - 0.5) * 2)}" cy="${n(t * 100)}" r="${n(rad)}" fill="${colours[Math.min(3, Math.floor(t * 3 + r()))]}"/>`;
    }
    out += `<symbol id="raceme${v}" overflow="visible">${drops}</symbol>`;
  }
  return out;
}

/** Hanging wisteria: a twisting branch with leaves and drooping cones of lilac (needs wisteriaDefs). */
export function wisteria(r, x0, x1, y, { count = 14, len = 40, leaf = 16 } = {}) {
  const span = x1 - x0;
  let out = `<path d="M${n(x0)},${n(y)} C${n(x0 + span * 0.3)},${n(y + 12)} ${n(x0 + span * 0.6)},${n(y - 10)} ${n(x1)},${n(y + 4)}" stroke="#5b4636" stroke-width="${n(Math.max(2, leaf / 5))}" fill="none"/>`;
  let leaves = "";
  const leafCount = Math.max(3, Math.round(span / (leaf * 1.4)));
  for (let i = 0; i < leafCount; i++) {
    const lx = x0 + (span * (i + r())) / leafCount;
    const ly = y + (r() - 0.5) * leaf;
    leaves += `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="${n(leaf * (0.7 + r() * 0.5))}" ry="${n(leaf * 0.45)}" transform="rotate(${n((r() - 0.5) * 50)} ${n(lx)} ${n(ly)})"/>`;
  }
  out += `<g fill="#56773f">${leaves}</g>`;
  const scaleX = leaf / 17;
  for (let i = 0; i < count; i++) {
    const x = x0 + (span * (i + 0.2 + r() * 0.6)) / count;
    const l = len * (0.6 + r() * 0.6);
    out += `<use href="#raceme${Math.floor(r() * 3)}" transform="translate(${n(x)} ${n(y + leaf * 0.3)}) scale(${n(scaleX)} ${n(l / 100)})"/>`;
  }
  out += `<g fill="#6b8a4f">${leaves.replace(/rx="([\d.]+)"/g, (_m, v) => `rx="${n(Number(v) * 0.5)}"`)}</g>`;
  return `<g>${out}</g>`;
}

/** A bed of flowers: scattered dots and spires in the given colours. */
export function flowerBed(r, x, y, w, h, colors, density = 0.02) {
  let out = `<ellipse cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" rx="${n(w / 2)}" ry="${n(h / 2)}" fill="#4a6642"/>`;
  const count = Math.round(w * h * density);
  for (let i = 0; i < count; i++) {
    const px = x + r() * w;
    const py = y + r() * h * 0.9;
    const c = colors[Math.floor(r() * colors.length)];
    if (r() > 0.6) out += `<path d="M${n(px)},${n(py)} l${n(-2)},${n(10)} l${n(4)},0 Z" fill="${c}"/>`;
    else out += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(1.5 + r() * 2)}" fill="${c}"/>`;
  }
  return `<g>${out}</g>`;
}

/** A soft cloud. */
export function cloud(x, y, s, opacity = 0.85) {
  return `<g fill="#fffaf0" opacity="${opacity}"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(60 * s)}" ry="${n(16 * s)}"/><circle cx="${n(x - 22 * s)}" cy="${n(y - 10 * s)}" r="${n(20 * s)}"/><circle cx="${n(x + 8 * s)}" cy="${n(y - 18 * s)}" r="${n(26 * s)}"/><circle cx="${n(x + 34 * s)}" cy="${n(y - 6 * s)}" r="${n(16 * s)}"/></g>`;
}

/** Sash window with glazing bars and a stone surround. */
export function sashWindow(x, y, w, h, { glass = "#9fb8c4", frame = "#f7f1e3", surround = "#e8dcc0", lit = false } = {}) {
  const g = lit ? "#f5d98b" : glass;
  let out = `<rect x="${n(x - 4)}" y="${n(y - 6)}" width="${n(w + 8)}" height="${n(h + 10)}" fill="${surround}"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${g}"/>`;
  out += `<path d="M${n(x)},${n(y + h * 0.15)} L${n(x + w)},${n(y + h * 0.02)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(w * 0.3)}"/>`;
  for (let i = 1; i < 3; i++) out += `<path d="M${n(x + (w * i) / 3)},${n(y)} V${n(y + h)}" stroke="${frame}" stroke-width="1.6"/>`;
  for (let i = 1; i < 4; i++) out += `<path d="M${n(x)},${n(y + (h * i) / 4)} H${n(x + w)}" stroke="${frame}" stroke-width="${i === 2 ? 3 : 1.6}"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="${frame}" stroke-width="3"/>`;
  out += `<rect x="${n(x - 6)}" y="${n(y + h + 2)}" width="${n(w + 12)}" height="5" fill="${surround}"/>`;
  return out;
}

/** Brick texture: staggered courses drawn as thin lines over a base colour. */
export function brickTexture(id, { base = "#a8553d", mortar = "#c98a6b", w = 24, h = 9 } = {}) {
  return `<pattern id="${id}" width="${w}" height="${h * 2}" patternUnits="userSpaceOnUse"><rect width="${w}" height="${h * 2}" fill="${base}"/><path d="M0,${h} H${w} M0,${h * 2} H${w} M${w / 2},0 V${h} M0,${h} V${h * 2}" stroke="${mortar}" stroke-width="1" opacity="0.55"/></pattern>`;
}

/** Lawn stripes as a pattern. */
export function lawnStripes(id, { a = "#7fa266", b = "#8aae70", w = 60 } = {}) {
  return `<pattern id="${id}" width="${w * 2}" height="10" patternUnits="userSpaceOnUse" patternTransform="skewX(-30)"><rect width="${w}" height="10" fill="${a}"/><rect x="${w}" width="${w}" height="10" fill="${b}"/></pattern>`;
}

/** A garden chair and round table with a white cloth, seen from the side. */
export function tableWithCloth(x, y, s, { cloth = "#fffdf8", shade = "#e8e0cf" } = {}) {
  return (
    `<g><path d="M${n(x - 34 * s)},${n(y - 40 * s)} Q${n(x)},${n(y - 48 * s)} ${n(x + 34 * s)},${n(y - 40 * s)} L${n(x + 38 * s)},${n(y - 8 * s)} Q${n(x)},${n(y)} ${n(x - 38 * s)},${n(y - 8 * s)} Z" fill="${cloth}"/>` +
    `<path d="M${n(x + 10 * s)},${n(y - 42 * s)} L${n(x + 38 * s)},${n(y - 8 * s)} Q${n(x + 20 * s)},${n(y - 3 * s)} ${n(x + 14 * s)},${n(y - 3 * s)} Z" fill="${shade}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 41 * s)}" rx="${n(34 * s)}" ry="${n(6 * s)}" fill="#ffffff"/></g>`
  );
}

export function chair(x, y, s, color = "#e9e1cf", facing = 1) {
  const f = facing;
  return (
    `<g><path d="M${n(x)},${n(y)} L${n(x + 2 * f * s)},${n(y - 26 * s)} M${n(x + 22 * f * s)},${n(y)} L${n(x + 20 * f * s)},${n(y - 26 * s)}" stroke="${color}" stroke-width="${n(3 * s)}" stroke-linecap="round"/>` +
    `<ellipse cx="${n(x + 11 * f * s)}" cy="${n(y - 27 * s)}" rx="${n(14 * s)}" ry="${n(4 * s)}" fill="${color}"/>` +
    `<path d="M${n(x - 1 * f * s)},${n(y - 27 * s)} C${n(x - 4 * f * s)},${n(y - 50 * s)} ${n(x + 2 * f * s)},${n(y - 64 * s)} ${n(x + 8 * f * s)},${n(y - 62 * s)} C${n(x + 12 * f * s)},${n(y - 60 * s)} ${n(x + 6 * f * s)},${n(y - 46 * s)} ${n(x + 4 * f * s)},${n(y - 28 * s)}" fill="none" stroke="${color}" stroke-width="${n(3 * s)}" stroke-linecap="round"/></g>`
  );
}

/** Teacup and saucer. */
export function teacup(x, y, s, { body = "#fffdf8", band = "#b4536f", gold = "#cfac47" } = {}) {
  return (
    `<g><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(22 * s)}" ry="${n(5 * s)}" fill="${body}" stroke="${gold}" stroke-width="${n(1 * s)}"/>` +
    `<path d="M${n(x - 14 * s)},${n(y - 18 * s)} Q${n(x - 13 * s)},${n(y - 2 * s)} ${n(x)},${n(y - 2 * s)} Q${n(x + 13 * s)},${n(y - 2 * s)} ${n(x + 14 * s)},${n(y - 18 * s)} Z" fill="${body}"/>` +
    `<path d="M${n(x + 13 * s)},${n(y - 15 * s)} q${n(9 * s)},${n(-1 * s)} ${n(7 * s)},${n(6 * s)} q${n(-2 * s)},${n(4 * s)} ${n(-8 * s)},${n(3 * s)}" fill="none" stroke="${body}" stroke-width="${n(2.5 * s)}"/>` +
    `<path d="M${n(x - 13.5 * s)},${n(y - 13 * s)} H${n(x + 13.5 * s)}" stroke="${band}" stroke-width="${n(3 * s)}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 18 * s)}" rx="${n(14 * s)}" ry="${n(3 * s)}" fill="#8a5a3c"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 18 * s)}" rx="${n(14 * s)}" ry="${n(3 * s)}" fill="none" stroke="${gold}" stroke-width="${n(0.8 * s)}"/></g>`
  );
}

/** A round-bellied teapot with roses. */
export function teapot(x, y, s, { body = "#fffdf8", accent = "#4a6642", gold = "#cfac47" } = {}) {
  return (
    `<g>` +
    `<path d="M${n(x + 32 * s)},${n(y - 28 * s)} C${n(x + 52 * s)},${n(y - 36 * s)} ${n(x + 56 * s)},${n(y - 56 * s)} ${n(x + 66 * s)},${n(y - 62 * s)} L${n(x + 62 * s)},${n(y - 52 * s)} C${n(x + 54 * s)},${n(y - 40 * s)} ${n(x + 50 * s)},${n(y - 20 * s)} ${n(x + 30 * s)},${n(y - 14 * s)} Z" fill="${body}" stroke="#d8ccb4" stroke-width="${n(1 * s)}"/>` +
    `<path d="M${n(x - 34 * s)},${n(y - 40 * s)} C${n(x - 58 * s)},${n(y - 44 * s)} ${n(x - 58 * s)},${n(y - 12 * s)} ${n(x - 32 * s)},${n(y - 16 * s)}" fill="none" stroke="${body}" stroke-width="${n(6 * s)}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 30 * s)}" rx="${n(38 * s)}" ry="${n(30 * s)}" fill="${body}" stroke="#d8ccb4" stroke-width="${n(1 * s)}"/>` +
    `<path d="M${n(x - 37 * s)},${n(y - 24 * s)} Q${n(x)},${n(y - 14 * s)} ${n(x + 37 * s)},${n(y - 24 * s)}" fill="none" stroke="${accent}" stroke-width="${n(3 * s)}" opacity="0.8"/>` +
    `<path d="M${n(x - 24 * s)},${n(y - 54 * s)} Q${n(x)},${n(y - 72 * s)} ${n(x + 24 * s)},${n(y - 54 * s)} Z" fill="${body}"/>` +
    `<circle cx="${n(x)}" cy="${n(y - 68 * s)}" r="${n(5 * s)}" fill="${gold}"/>` +
    `<path d="M${n(x - 36 * s)},${n(y - 40 * s)} Q${n(x)},${n(y - 48 * s)} ${n(x + 36 * s)},${n(y - 40 * s)}" fill="none" stroke="${gold}" stroke-width="${n(1.5 * s)}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 2 * s)}" rx="${n(24 * s)}" ry="${n(4 * s)}" fill="#d8ccb4"/>` +
    rose(x - 8 * s, y - 28 * s, 7 * s) +
    rose(x + 10 * s, y - 22 * s, 5 * s, { outer: "#d993a6", mid: "#c96f88", inner: "#9a3f5b" }) +
    `<path d="M${n(x - 20 * s)},${n(y - 22 * s)} q${n(6 * s)},${n(-6 * s)} ${n(10 * s)},${n(-2 * s)} M${n(x + 16 * s)},${n(y - 30 * s)} q${n(6 * s)},${n(2 * s)} ${n(8 * s)},${n(8 * s)}" stroke="${accent}" stroke-width="${n(2 * s)}" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="${n(x - 14 * s)}" cy="${n(y - 42 * s)}" rx="${n(8 * s)}" ry="${n(4 * s)}" fill="#ffffff" opacity="0.7"/>` +
    `</g>`
  );
}

/** The three-tier cake stand with sandwiches, scones and cakes. */
export function cakeStand(r, x, y, s) {
  const plate = (py, w) =>
    `<ellipse cx="${n(x)}" cy="${n(py)}" rx="${n(w * s)}" ry="${n(w * 0.16 * s)}" fill="#fffdf8" stroke="#cfac47" stroke-width="${n(1.5 * s)}"/>`;
  let out = `<path d="M${n(x)},${n(y - 190 * s)} V${n(y)}" stroke="#cfac47" stroke-width="${n(4 * s)}"/><circle cx="${n(x)}" cy="${n(y - 196 * s)}" r="${n(7 * s)}" fill="none" stroke="#cfac47" stroke-width="${n(3 * s)}"/>`;
  out += plate(y - 4 * s, 90);
  for (let i = 0; i < 6; i++) {
    const px = x - 70 * s + i * 28 * s;
    out += `<path d="M${n(px)},${n(y - 8 * s)} l${n(24 * s)},0 l${n(-12 * s)},${n(-18 * s)} Z" fill="#f3e6c4" stroke="#e0cfa4" stroke-width="${n(1 * s)}"/><path d="M${n(px + 3 * s)},${n(y - 11 * s)} l${n(18 * s)},0" stroke="${i % 2 ? "#8aa87e" : "#e8a0a0"}" stroke-width="${n(2.5 * s)}"/>`;
  }
  out += plate(y - 72 * s, 72);
  for (let i = 0; i < 4; i++) {
    const px = x - 45 * s + i * 30 * s;
    out += `<ellipse cx="${n(px)}" cy="${n(y - 86 * s)}" rx="${n(14 * s)}" ry="${n(11 * s)}" fill="#d9a86a"/><ellipse cx="${n(px)}" cy="${n(y - 92 * s)}" rx="${n(12 * s)}" ry="${n(5 * s)}" fill="#fff6de"/><circle cx="${n(px + 2 * s)}" cy="${n(y - 96 * s)}" r="${n(4 * s)}" fill="#b8323f"/>`;
  }
  out += plate(y - 136 * s, 56);
  const cakeColors = ["#e8a6b8", "#f4dda0", "#b7cfa3", "#d6b3e0", "#f0c6a0"];
  for (let i = 0; i < 5; i++) {
    const px = x - 40 * s + i * 20 * s;
    const c = cakeColors[i];
    out += `<rect x="${n(px - 7 * s)}" y="${n(y - 156 * s)}" width="${n(14 * s)}" height="${n(16 * s)}" rx="${n(3 * s)}" fill="${c}"/><rect x="${n(px - 7 * s)}" y="${n(y - 160 * s)}" width="${n(14 * s)}" height="${n(5 * s)}" rx="${n(2 * s)}" fill="#fffaf0"/><circle cx="${n(px)}" cy="${n(y - 162 * s)}" r="${n(2.5 * s)}" fill="${r() > 0.5 ? "#b8323f" : "#7f3249"}"/>`;
  }
  return `<g>${out}</g>`;
}

/** A stone fountain with falling water. */
export function fountain(x, y, s) {
  return (
    `<g><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(60 * s)}" ry="${n(14 * s)}" fill="#cfc6b3"/><ellipse cx="${n(x)}" cy="${n(y - 4 * s)}" rx="${n(52 * s)}" ry="${n(10 * s)}" fill="#7fa6b5"/>` +
    `<rect x="${n(x - 6 * s)}" y="${n(y - 50 * s)}" width="${n(12 * s)}" height="${n(46 * s)}" fill="#d8d0bd"/><ellipse cx="${n(x)}" cy="${n(y - 50 * s)}" rx="${n(24 * s)}" ry="${n(6 * s)}" fill="#d8d0bd"/>` +
    `<path d="M${n(x)},${n(y - 60 * s)} C${n(x - 20 * s)},${n(y - 80 * s)} ${n(x - 30 * s)},${n(y - 40 * s)} ${n(x - 34 * s)},${n(y - 8 * s)} M${n(x)},${n(y - 60 * s)} C${n(x + 20 * s)},${n(y - 80 * s)} ${n(x + 30 * s)},${n(y - 40 * s)} ${n(x + 34 * s)},${n(y - 8 * s)} M${n(x)},${n(y - 60 * s)} V${n(y - 78 * s)}" stroke="#e6f3f7" stroke-width="${n(2 * s)}" fill="none" opacity="0.9"/></g>`
  );
}

/** Lily pads with a few flowers on water. */
export function lilies(r, cx, cy, rx, ry, count) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * 0.85;
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    const pr = 7 + r() * 9;
    const cut = r() * Math.PI * 2;
    out += `<path d="M${n(x)},${n(y)} L${n(x + Math.cos(cut) * pr)},${n(y + Math.sin(cut) * pr * 0.5)} A${n(pr)},${n(pr * 0.5)} 0 1,1 ${n(x + Math.cos(cut + 0.5) * pr)},${n(y + Math.sin(cut + 0.5) * pr * 0.5)} Z" fill="${r() > 0.5 ? "#4f7a45" : "#5f8a4f"}"/>`;
    if (r() > 0.6)
      out += `<g fill="#f3c3d0"><ellipse cx="${n(x)}" cy="${n(y - 3)}" rx="3" ry="5"/><ellipse cx="${n(x - 4)}" cy="${n(y - 1)}" rx="4" ry="2.5"/><ellipse cx="${n(x + 4)}" cy="${n(y - 1)}" rx="4" ry="2.5"/><circle cx="${n(x)}" cy="${n(y - 2)}" r="1.6" fill="#e9c35a"/></g>`;
  }
  return out;
}
