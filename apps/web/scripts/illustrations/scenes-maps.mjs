import { blob, linear, n, radial, rng, svg } from "./lib.mjs";

/** A tree seen from above: a round crown with a highlight and a shadow. */
function crown(r, x, y, rad, { dark = "#4a6642", light = "#6f9064" } = {}) {
  return (
    `<ellipse cx="${n(x + rad * 0.25)}" cy="${n(y + rad * 0.3)}" rx="${n(rad)}" ry="${n(rad * 0.9)}" fill="#3b5235" opacity="0.35"/>` +
    blob(r, x, y, rad * 1.1, 5, dark, { flatten: 1 }) +
    `<circle cx="${n(x - rad * 0.25)}" cy="${n(y - rad * 0.25)}" r="${n(rad * 0.45)}" fill="${light}" opacity="0.8"/>`
  );
}

const label = (x, y, text, size = 18, fill = "#2c3e28", italic = false) =>
  `<text x="${n(x)}" y="${n(y)}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" fill="${fill}"${italic ? ' font-style="italic"' : ""} paint-order="stroke" stroke="#f4ecdc" stroke-width="4" stroke-linejoin="round">${text}</text>`;

/**
 * The garden map of the Secret Garden Experience (1000×700). Spot positions (percent) match the
 * seeded garden spots: Rose Garden 24/30, Wisteria Terrace 46/22, Manor View 80/30, Pond Pavilion
 * 62/58, Secret Alcove 14/72.
 */
export function gardenMap(seed = 91) {
  const r = rng(seed);
  const W = 1000;
  const H = 700;
  const P = (px, py) => [(px / 100) * W, (py / 100) * H];
  const defs =
    linear("grass", [
      [0, "#a9c08f"],
      [1, "#93b07a"],
    ]) +
    radial("paper", [
      [0.6, "#000", 0],
      [1, "#5b4636", 0.22],
    ]) +
    linear("water", [
      [0, "#9cc3cf"],
      [1, "#6f9fae"],
    ]) +
    `<pattern id="mow" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="20" height="40" fill="#ffffff" opacity="0.06"/></pattern>` +
    `<pattern id="gravel" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#e6dcc3"/><circle cx="2" cy="2" r="0.9" fill="#cbbd9b"/><circle cx="6" cy="5" r="0.7" fill="#d6c9a8"/></pattern>`;
  let b = `<rect width="${W}" height="${H}" fill="url(#grass)"/><rect width="${W}" height="${H}" fill="url(#mow)"/>`;
  // the house along the top right, its terrace below
  const [hx, hy] = P(80, 6);
  b += `<rect x="${n(hx - 150)}" y="0" width="300" height="${n(hy + 40)}" fill="#b05f44"/><rect x="${n(hx - 150)}" y="0" width="300" height="${n(hy + 40)}" fill="none" stroke="#7a3f2c" stroke-width="3"/>`;
  b += `<path d="M${n(hx - 150)},${n(hy + 10)} L${n(hx + 150)},${n(hy + 10)}" stroke="#5e5a5f" stroke-width="16"/>`;
  b += label(hx - 220, hy + 30, "The House", 20, "#2c3e28");
  // gravel paths
  const path = (d, w = 22) =>
    `<path d="${d}" fill="none" stroke="#cbbd9b" stroke-width="${w + 4}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="url(#gravel)" stroke-width="${w}" stroke-linecap="round"/>`;
  const [rx, ry] = P(24, 30);
  const [wx, wy] = P(46, 22);
  const [mx, my] = P(80, 30);
  const [px, py] = P(62, 58);
  const [ax, ay] = P(14, 72);
  b += path(`M${n(hx)},${n(hy + 40)} L${n(mx)},${n(my)} Q${n(mx - 60)},${n(py - 80)} ${n(px + 80)},${n(py - 30)}`);
  b += path(`M${n(hx - 150)},${n(wy)} L${n(wx)},${n(wy)} Q${n(rx + 120)},${n(wy)} ${n(rx)},${n(ry)}`);
  b += path(`M${n(wx)},${n(wy)} Q${n(wx + 30)},${n(py - 60)} ${n(px)},${n(py)}`);
  b += path(`M${n(rx)},${n(ry)} Q${n(rx - 40)},${n(ay - 120)} ${n(ax + 60)},${n(ay - 40)}`, 14);
  b += path(`M${n(px)},${n(py)} Q${n(px - 200)},${n(H - 40)} ${n(ax + 40)},${n(ay + 30)}`, 16);
  // wisteria terrace: a stone rectangle under a pergola
  b += `<rect x="${n(wx - 80)}" y="${n(wy - 34)}" width="160" height="60" rx="4" fill="#e6dcc6" stroke="#bfb08f" stroke-width="2"/>`;
  for (let k = 0; k < 9; k++) b += `<path d="M${n(wx - 76 + k * 19)},${n(wy - 34)} v60" stroke="#cbbf9f" stroke-width="3"/>`;
  for (let k = 0; k < 12; k++)
    b += `<circle cx="${n(wx - 74 + r() * 148)}" cy="${n(wy - 30 + r() * 50)}" r="${n(5 + r() * 4)}" fill="${r() > 0.5 ? "#a383cc" : "#b9a0dc"}" opacity="0.85"/>`;
  // the walled rose garden: brick walls around four beds
  b += `<rect x="${n(rx - 110)}" y="${n(ry - 90)}" width="220" height="180" fill="#e2d6bb" stroke="#a8553d" stroke-width="8"/>`;
  for (const [dx, dy] of [
    [-50, -40],
    [50, -40],
    [-50, 40],
    [50, 40],
  ]) {
    b += `<rect x="${n(rx + dx - 38)}" y="${n(ry + dy - 28)}" width="76" height="56" rx="8" fill="#4a6642"/>`;
    for (let k = 0; k < 10; k++)
      b += `<circle cx="${n(rx + dx - 30 + r() * 60)}" cy="${n(ry + dy - 20 + r() * 40)}" r="${n(4 + r() * 2)}" fill="${["#c96f88", "#e8a0b4", "#b8323f", "#f3c3d0"][Math.floor(r() * 4)]}"/>`;
  }
  // the pond and pavilion
  b += `<ellipse cx="${n(px - 40)}" cy="${n(py + 40)}" rx="120" ry="64" fill="#d8d0bd"/><ellipse cx="${n(px - 40)}" cy="${n(py + 40)}" rx="112" ry="57" fill="url(#water)"/>`;
  for (let k = 0; k < 12; k++) b += `<circle cx="${n(px - 120 + r() * 160)}" cy="${n(py + 10 + r() * 60)}" r="${n(5 + r() * 5)}" fill="#5f8a4f"/>`;
  b += `<rect x="${n(px + 40)}" y="${n(py - 40)}" width="70" height="70" fill="#6d5a4e" transform="rotate(45 ${n(px + 75)} ${n(py - 5)})"/>`;
  b += label(px - 40, py + 132, "Lily Pond", 16);
  // the secret alcove: a horseshoe of yew
  b += `<path d="M${n(ax - 60)},${n(ay + 60)} A64,64 0 1,1 ${n(ax + 60)},${n(ay + 60)}" fill="none" stroke="#2f452b" stroke-width="30" stroke-linecap="round"/>`;
  // lawns with trees, a ha-ha along the bottom
  for (const [tx, ty, tr] of [
    [60, 60, 46],
    [150, 40, 38],
    [600, 150, 26],
    [930, 300, 44],
    [900, 420, 36],
    [300, 420, 40],
    [420, 600, 46],
    [860, 640, 50],
    [700, 660, 34],
    [40, 380, 34],
    [250, 640, 30],
    [980, 560, 34],
  ])
    b += crown(r, tx, ty, tr);
  b += `<path d="M0,${H - 14} H${W}" stroke="#7a6a52" stroke-width="4" stroke-dasharray="2 6"/>`;
  // compass rose
  b += `<g transform="translate(${W - 64} ${H - 74})"><circle r="30" fill="#f4ecdc" stroke="#a78226" stroke-width="2"/><path d="M0,-26 L7,0 L0,26 L-7,0 Z" fill="#7f3249"/><path d="M-26,0 L0,-6 L26,0 L0,6 Z" fill="#a78226"/><text y="-33" text-anchor="middle" font-family="Georgia, serif" font-size="14" fill="#2c3e28">N</text></g>`;
  b += `<rect width="${W}" height="${H}" fill="url(#paper)"/>`;
  b += `<rect x="6" y="6" width="${W - 12}" height="${H - 12}" fill="none" stroke="#f4ecdc" stroke-width="3" opacity="0.8"/>`;
  return svg(W, H, b, { defs });
}

/** An illustrated map of the village for the contact page (800×560). */
export function villageMap(seed = 92) {
  const r = rng(seed);
  const W = 800;
  const H = 560;
  const defs =
    linear("land", [
      [0, "#e9e2cf"],
      [1, "#dfd6bd"],
    ]) +
    linear("river", [
      [0, "#9cc3cf"],
      [1, "#7fb0bf"],
    ]) +
    radial("paper", [
      [0.6, "#000", 0],
      [1, "#5b4636", 0.2],
    ]);
  let b = `<rect width="${W}" height="${H}" fill="url(#land)"/>`;
  // fields
  for (const [x, y, w, h, c] of [
    [0, 0, 260, 180, "#c9d6b4"],
    [560, 0, 240, 160, "#d3dcbf"],
    [0, 380, 220, 180, "#d3dcbf"],
    [600, 400, 200, 160, "#c9d6b4"],
    [300, 420, 200, 140, "#dfe3c8"],
  ])
    b += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}"/>`;
  // the river
  b += `<path d="M-10,470 C150,420 250,520 380,470 S620,360 810,400" fill="none" stroke="url(#river)" stroke-width="34" stroke-linecap="round"/>`;
  // roads
  const road = (d, w = 18) =>
    `<path d="${d}" fill="none" stroke="#bfae8a" stroke-width="${w + 4}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#f6f0e0" stroke-width="${w}" stroke-linecap="round"/>`;
  b += road("M-10,250 C200,240 420,270 810,230", 22);
  b += road("M420,260 C430,180 470,100 520,-10", 16);
  b += road("M300,250 C300,330 330,420 350,570", 16);
  b += `<path d="M330,455 h50" stroke="#a89a7c" stroke-width="10"/>`;
  b += `<text x="650" y="222" font-family="Georgia, serif" font-size="14" fill="#6b5d46" font-style="italic">High Street</text>`;
  b += `<text x="440" y="150" font-family="Georgia, serif" font-size="14" fill="#6b5d46" font-style="italic" transform="rotate(-62 440 150)">Church Lane</text>`;
  // cottages along the High Street
  for (let i = 0; i < 14; i++) {
    const x = 40 + i * 54 + r() * 10;
    if (x > 370 && x < 500) continue;
    const y = i % 2 ? 212 : 272;
    b += `<rect x="${n(x)}" y="${n(y - 14)}" width="26" height="20" fill="${r() > 0.5 ? "#f4ecdc" : "#e8c9b4"}" stroke="#8a7a60" stroke-width="1.5"/><path d="M${n(x - 3)},${n(y - 14)} L${n(x + 13)},${n(y - 26)} L${n(x + 29)},${n(y - 14)} Z" fill="#8d6e5a"/>`;
  }
  // church
  b += `<rect x="470" y="120" width="70" height="36" fill="#e2d9c4" stroke="#8a7a60" stroke-width="2"/><rect x="540" y="108" width="26" height="48" fill="#e2d9c4" stroke="#8a7a60" stroke-width="2"/><path d="M540,108 L553,80 L566,108 Z" fill="#8d6e5a"/><path d="M505,110 v-14 M498,102 h14" stroke="#8a7a60" stroke-width="2"/>`;
  b += `<text x="520" y="180" text-anchor="middle" font-family="Georgia, serif" font-size="15" fill="#2c3e28">St Mary's</text>`;
  // the house, gardens and tearoom
  b += `<rect x="560" y="20" width="210" height="150" rx="6" fill="#a9c08f" stroke="#7c9f63" stroke-width="3"/>`;
  for (let k = 0; k < 10; k++) b += `<circle cx="${n(580 + r() * 170)}" cy="${n(40 + r() * 110)}" r="${n(8 + r() * 8)}" fill="#6f9064"/>`;
  b += `<rect x="640" y="60" width="90" height="40" fill="#b05f44" stroke="#7a3f2c" stroke-width="2"/>`;
  b += `<rect x="590" y="110" width="40" height="26" fill="#b05f44" stroke="#7a3f2c" stroke-width="2"/>`;
  b += `<text x="665" y="190" text-anchor="middle" font-family="Georgia, serif" font-size="15" fill="#2c3e28">House &amp; Gardens</text>`;
  // the tearoom marker
  b += `<g transform="translate(610 112)"><path d="M0,0 C-18,-22 -22,-34 -22,-44 A22,22 0 0,1 22,-44 C22,-34 18,-22 0,0 Z" fill="#7f3249" stroke="#fffdf8" stroke-width="3"/><circle cy="-44" r="8" fill="#fffdf8"/></g>`;
  b += `<g transform="translate(560 330)"><rect x="-8" y="-18" width="176" height="40" rx="20" fill="#fffdf8" stroke="#7f3249" stroke-width="2"/><text x="80" y="8" text-anchor="middle" font-family="Georgia, serif" font-size="17" fill="#7f3249">The Heritage Tearoom</text></g>`;
  b += `<path d="M600,312 L610,120" stroke="#7f3249" stroke-width="2" stroke-dasharray="4 4"/>`;
  // car park and trees
  b += `<rect x="320" y="290" width="60" height="36" fill="#d9d2c0" stroke="#a89a7c" stroke-width="1.5"/><text x="350" y="314" text-anchor="middle" font-family="Georgia, serif" font-size="16" font-weight="bold" fill="#3f6f8c">P</text>`;
  for (let i = 0; i < 26; i++) {
    const x = r() * W;
    const y = r() * H;
    if (y > 200 && y < 300) continue;
    b += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(7 + r() * 7)}" fill="#86a56a" opacity="0.9"/>`;
  }
  b += `<text x="120" y="520" font-family="Georgia, serif" font-size="15" fill="#3f6f8c" font-style="italic">River Test</text>`;
  b += `<rect width="${W}" height="${H}" fill="url(#paper)"/>`;
  return svg(W, H, b, { defs });
}
