import { n, sashWindow } from "./lib.mjs";

/**
 * A Queen Anne red-brick house, front on: seven bays, two storeys, a hipped roof with dormers,
 * tall chimneys, stone quoins and a pedimented door. (x, y) is the ground at the centre; w its width.
 * `brick` is a pattern id (brickTexture) defined by the caller.
 */
export function house(x, y, w, { brick = "brick", lit = false, wisteria = "" } = {}) {
  const h = w * 0.36; // walls
  const left = x - w / 2;
  const top = y - h;
  const roofH = w * 0.2;
  let out = "";
  // chimneys behind the roof
  for (const cx of [left + w * 0.16, left + w * 0.84]) {
    out += `<rect x="${n(cx - w * 0.025)}" y="${n(top - roofH - w * 0.09)}" width="${n(w * 0.05)}" height="${n(w * 0.14)}" fill="url(#${brick})"/>`;
    out += `<rect x="${n(cx - w * 0.03)}" y="${n(top - roofH - w * 0.095)}" width="${n(w * 0.06)}" height="${n(w * 0.012)}" fill="#e8dcc0"/>`;
    for (const k of [-1, 0, 1])
      out += `<rect x="${n(cx + k * w * 0.013 - w * 0.004)}" y="${n(top - roofH - w * 0.112)}" width="${n(w * 0.008)}" height="${n(w * 0.018)}" fill="#a8553d"/>`;
  }
  // roof
  out += `<path d="M${n(left - w * 0.02)},${n(top)} L${n(left + w * 0.12)},${n(top - roofH)} L${n(left + w * 0.88)},${n(top - roofH)} L${n(left + w * 1.02)},${n(top)} Z" fill="#5e5a5f"/>`;
  out += `<path d="M${n(left + w * 0.5)},${n(top - roofH)} L${n(left + w * 0.88)},${n(top - roofH)} L${n(left + w * 1.02)},${n(top)} L${n(left + w * 0.6)},${n(top)} Z" fill="#4d4950"/>`;
  // dormers
  for (const fx of [0.3, 0.5, 0.7]) {
    const dx = left + w * fx;
    const dw = w * 0.06;
    const dy = top - roofH * 0.62;
    out += `<path d="M${n(dx - dw * 0.75)},${n(dy)} L${n(dx)},${n(dy - dw * 0.6)} L${n(dx + dw * 0.75)},${n(dy)} Z" fill="#f1e9d6"/>`;
    out += `<rect x="${n(dx - dw / 2)}" y="${n(dy)}" width="${n(dw)}" height="${n(roofH * 0.5)}" fill="#f1e9d6"/>`;
    out += `<rect x="${n(dx - dw * 0.32)}" y="${n(dy + roofH * 0.08)}" width="${n(dw * 0.64)}" height="${n(roofH * 0.36)}" fill="${lit ? "#f5d98b" : "#8fa9b6"}"/>`;
  }
  // walls and cornice
  out += `<rect x="${n(left)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="url(#${brick})"/>`;
  out += `<rect x="${n(left - w * 0.015)}" y="${n(top - w * 0.012)}" width="${n(w * 1.03)}" height="${n(w * 0.02)}" fill="#f1e9d6"/>`;
  out += `<rect x="${n(left)}" y="${n(top + h * 0.5)}" width="${n(w)}" height="${n(w * 0.008)}" fill="#e8dcc0"/>`;
  // quoins
  for (const qx of [left, left + w - w * 0.025]) {
    for (let i = 0; i < 10; i++) {
      const qy = top + (h * i) / 10;
      out += `<rect x="${n(qx - (i % 2 ? w * 0.006 : 0))}" y="${n(qy + 1)}" width="${n(w * 0.025 + (i % 2 ? w * 0.006 : 0))}" height="${n(h / 10 - 2)}" fill="#e8dcc0"/>`;
    }
  }
  // windows: 7 bays, door in the middle downstairs
  const bay = w / 7;
  const ww = bay * 0.46;
  for (let i = 0; i < 7; i++) {
    const wx = left + bay * i + (bay - ww) / 2;
    out += sashWindow(wx, top + h * 0.1, ww, h * 0.3, { lit });
    if (i !== 3) out += sashWindow(wx, top + h * 0.6, ww, h * 0.3, { lit });
  }
  // door with pediment and steps
  const dx = left + bay * 3 + bay / 2;
  const dw = bay * 0.5;
  out += `<rect x="${n(dx - dw * 0.8)}" y="${n(top + h * 0.6)}" width="${n(dw * 1.6)}" height="${n(h * 0.4)}" fill="#e8dcc0"/>`;
  out += `<path d="M${n(dx - dw)},${n(top + h * 0.6)} L${n(dx)},${n(top + h * 0.48)} L${n(dx + dw)},${n(top + h * 0.6)} Z" fill="#f1e9d6" stroke="#d6c9a8" stroke-width="1"/>`;
  out += `<path d="M${n(dx - dw / 2)},${n(y)} V${n(top + h * 0.7)} A${n(dw / 2)},${n(dw / 2)} 0 0,1 ${n(dx + dw / 2)},${n(top + h * 0.7)} V${n(y)} Z" fill="#2f4a3a"/>`;
  out += `<path d="M${n(dx)},${n(top + h * 0.66)} V${n(y)}" stroke="#223628" stroke-width="1.5"/>`;
  out += `<circle cx="${n(dx + dw * 0.15)}" cy="${n(y - h * 0.14)}" r="${n(w * 0.003 + 0.8)}" fill="#cfac47"/>`;
  out += `<rect x="${n(dx - dw * 1.1)}" y="${n(y - 2)}" width="${n(dw * 2.2)}" height="6" fill="#d8d0bd"/><rect x="${n(dx - dw * 1.3)}" y="${n(y + 3)}" width="${n(dw * 2.6)}" height="6" fill="#cfc6b3"/>`;
  // plinth
  out += `<rect x="${n(left)}" y="${n(y - h * 0.04)}" width="${n(w)}" height="${n(h * 0.04)}" fill="#c9b89a"/>`;
  if (wisteria) out += wisteria;
  return `<g>${out}</g>`;
}
