import { blob, cakeStand, linear, n, radial, rng, rose, svg, teacup, teapot } from "./lib.mjs";

/** The night garden behind the secret entrance portal (1600×1000): a wall, an arch, stars and ivy. */
export function secretEntrance(seed = 101) {
  const r = rng(seed);
  const W = 1600;
  const H = 1000;
  const defs =
    linear("night", [
      [0, "#0d1b2a"],
      [0.55, "#1d3530"],
      [1, "#12201a"],
    ]) +
    radial("moonGlow", [
      [0, "#fff6d8", 0.5],
      [1, "#fff6d8", 0],
    ]) +
    radial("archLight", [
      [0, "#f6e0a0", 0.55],
      [0.5, "#c96f88", 0.15],
      [1, "#000", 0],
    ]) +
    linear("wall", [
      [0, "#3a2f2b"],
      [1, "#241c19"],
    ]) +
    linear("path", [
      [0, "#5c5a45", 0.9],
      [1, "#2a2a20", 0.2],
    ]) +
    `<pattern id="bricks" width="60" height="48" patternUnits="userSpaceOnUse"><rect x="0" y="2" width="56" height="20" rx="2" fill="#4a3c36" opacity="0.35"/><rect x="30" y="26" width="56" height="20" rx="2" fill="#4a3c36" opacity="0.3"/><rect x="-30" y="26" width="56" height="20" rx="2" fill="#4a3c36" opacity="0.3"/></pattern>`;
  let b = `<rect width="${W}" height="${H}" fill="url(#night)"/>`;
  for (let i = 0; i < 140; i++)
    b += `<circle cx="${n(r() * W)}" cy="${n(r() * H * 0.5)}" r="${n(0.6 + r() * 1.4)}" fill="#fff8e0" opacity="${n(0.3 + r() * 0.7)}"/>`;
  b += `<circle cx="1290" cy="150" r="180" fill="url(#moonGlow)"/><circle cx="1290" cy="150" r="46" fill="#fff6d8"/><circle cx="1312" cy="136" r="42" fill="#1a2e33"/>`;
  // distant tree line
  b += blob(r, 200, 470, 260, 12, "#13241d", { flatten: 0.5 }) + blob(r, 1400, 470, 260, 12, "#13241d", { flatten: 0.5 });
  // the old wall with its arch
  b += `<path d="M0,${H} V430 H${W} V${H} Z" fill="url(#wall)"/><path d="M0,${H} V430 H${W} V${H} Z" fill="url(#bricks)"/>`;
  b += `<rect y="416" width="${W}" height="20" fill="#5a4c45"/>`;
  b += `<path d="M560,${H} V540 A240,240 0 0,1 1040,540 V${H} Z" fill="#0b1411"/>`;
  b += `<path d="M560,${H} V540 A240,240 0 0,1 1040,540 V${H} Z" fill="url(#archLight)"/>`;
  b += `<path d="M540,${H} V540 A260,260 0 0,1 1060,540 V${H}" fill="none" stroke="#6b5a50" stroke-width="22"/>`;
  // a glowing path through the arch
  b += `<path d="M720,${H} L780,720 L820,720 L880,${H} Z" fill="url(#path)"/>`;
  // ivy and night roses spilling over the wall
  for (let i = 0; i < 60; i++) {
    const x = r() * W;
    if (x > 520 && x < 1080 && r() > 0.3) continue;
    const len = 40 + r() * 180;
    let leaves = "";
    for (let k = 0; k < len / 16; k++)
      leaves += `<ellipse cx="${n(x + Math.sin(k) * 6)}" cy="${n(422 + k * 16)}" rx="7" ry="5" transform="rotate(${n(r() * 60 - 30)} ${n(x)} ${n(422 + k * 16)})"/>`;
    b += `<g fill="${r() > 0.5 ? "#1f3a2a" : "#29503a"}">${leaves}</g>`;
    if (r() > 0.7) b += rose(x + 4, 430 + r() * len, 9 + r() * 4, { outer: "#7a3a52", mid: "#5e2a40", inner: "#3a1626" });
  }
  // big trees framing the scene
  b += blob(r, 90, 300, 260, 14, "#0c1813") + blob(r, 1510, 300, 260, 14, "#0c1813");
  b += `<path d="M60,${H} C90,800 70,600 120,420 L180,420 C150,620 170,820 150,${H} Z" fill="#0a120e"/><path d="M1540,${H} C1510,800 1530,600 1480,420 L1420,420 C1450,620 1430,820 1450,${H} Z" fill="#0a120e"/>`;
  // glow-worms in the grass
  for (let i = 0; i < 40; i++)
    b += `<circle cx="${n(r() * W)}" cy="${n(900 + r() * 100)}" r="${n(1 + r() * 2)}" fill="#f6e8a0" opacity="${n(0.4 + r() * 0.5)}"/>`;
  return svg(W, H, b, { defs });
}

/** Small card art for the afternoon tea choices (480×300). */
export function teaCard(kind, seed = 111) {
  const r = rng(seed);
  const W = 480;
  const H = 300;
  const champagne = kind === "champagne";
  const defs =
    linear(
      "bg",
      champagne
        ? [
            [0, "#f6ecd2"],
            [1, "#efe0bd"],
          ]
        : [
            [0, "#e3ecdc"],
            [1, "#f4ecdc"],
          ],
    ) +
    radial("halo", [
      [0, "#ffffff", 0.7],
      [1, "#ffffff", 0],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/><circle cx="240" cy="150" r="170" fill="url(#halo)"/>`;
  for (let i = 0; i < 14; i++)
    b += `<circle cx="${n(r() * W)}" cy="${n(r() * H)}" r="${n(2 + r() * 3)}" fill="${champagne ? "#cfac47" : "#8aa87e"}" opacity="0.35"/>`;
  b += `<ellipse cx="240" cy="262" rx="200" ry="16" fill="#5b4636" opacity="0.12"/>`;
  b += cakeStand(r, 240, 262, 1.05);
  if (champagne) {
    for (const [x, tilt] of [
      [380, 6],
      [412, -4],
    ]) {
      b += `<g transform="rotate(${tilt} ${x} 262)"><path d="M${x - 14},120 Q${x},200 ${x},200 Q${x},200 ${x + 14},120 Z" fill="#f5dc8a" opacity="0.9" stroke="#cfac47" stroke-width="1.5"/><path d="M${x},200 V252 M${x - 16},256 H${x + 16}" stroke="#cfac47" stroke-width="3"/>`;
      for (let k = 0; k < 5; k++) b += `<circle cx="${n(x - 6 + r() * 12)}" cy="${n(140 + r() * 50)}" r="1.5" fill="#fffaf0"/>`;
      b += `</g>`;
    }
    b += teacup(100, 262, 1.2);
  } else {
    b += teapot(95, 262, 1.05) + teacup(390, 262, 1.3);
  }
  return svg(W, H, b, { defs });
}

/** A teacup with steam and a sprig, for the reservations sidebar (320×200). */
export function teacupArt() {
  let b = `<path d="M140,70 c-10,-14 10,-22 0,-38 M165,66 c-10,-14 10,-22 0,-38" stroke="#e9d59a" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.8"/>`;
  b += teacup(160, 170, 3.4, { body: "#fffdf8", band: "#b4536f", gold: "#cfac47" });
  b += rose(255, 150, 14) + rose(275, 165, 10, { outer: "#f3c3d0", mid: "#e8a0b4", inner: "#c96f88" });
  b += `<path d="M245,160 q-20,10 -30,0 q14,-12 30,0 Z M270,172 q10,18 -2,26 q-10,-12 2,-26 Z" fill="#8aa87e"/>`;
  return svg(320, 200, b);
}

/** The site icon: a teapot on a cream roundel. */
export function favicon() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><circle cx="24" cy="24" r="23" fill="#2c3e28"/><path d="M14 22c0-5 4.5-8 10-8s10 3 10 8v4c0 6-4.5 10-10 10s-10-4-10-10z" fill="#f4ecdc"/><path d="M34 24c4-1 6 1 5 4-1 2.5-3 3.5-5 4" fill="none" stroke="#f4ecdc" stroke-width="2.2" stroke-linecap="round"/><path d="M14 25c-3-1-5-3-6-6" fill="none" stroke="#f4ecdc" stroke-width="2.4" stroke-linecap="round"/><circle cx="24" cy="11" r="2" fill="#cfac47"/><circle cx="24" cy="29" r="3" fill="#b4536f"/></svg>\n`;
}
