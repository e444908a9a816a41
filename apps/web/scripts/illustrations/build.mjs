// Writes every illustration under public/images: `node scripts/illustrations/build.mjs`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as house from "./scenes-house.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../public/images");
const out = (name, content) => {
  const file = join(root, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`${name.padEnd(36)} ${(Buffer.byteLength(content) / 1024).toFixed(1)} KB`);
};

out("hero-house.svg", house.houseFront(1600, 900, 7));
out("gallery/house-front.svg", house.houseFront(1200, 900, 3));
out("gallery/house-lawn.svg", house.houseLawn());
out("gallery/house-porch.svg", house.housePorch());

const tearoom = await import("./scenes-tearoom.mjs");
out("gallery/tearoom-interior.svg", tearoom.tearoomInterior());
out("gallery/tearoom-tea.svg", tearoom.afternoonTea());
out("gallery/tearoom-window.svg", tearoom.windowSeat());

const garden = await import("./scenes-garden.mjs");
out("gallery/garden-roses.svg", garden.roseGarden());
out("gallery/garden-pond.svg", garden.lilyPond());
out("gallery/garden-walled.svg", garden.walledGarden());

const spots = await import("./scenes-spots.mjs");
out("spots/rose-garden.svg", spots.roseGardenSpot());
out("spots/pond-pavilion.svg", spots.pondPavilionSpot());
out("spots/wisteria-terrace.svg", spots.wisteriaTerraceSpot());
out("spots/secret-alcove.svg", spots.secretAlcoveSpot());
out("spots/manor-view.svg", spots.manorViewSpot());

const maps = await import("./scenes-maps.mjs");
out("garden-map.svg", maps.gardenMap());
out("village-map.svg", maps.villageMap());

const misc = await import("./scenes-misc.mjs");
out("secret-entrance.svg", misc.secretEntrance());
out("tea-traditional.svg", misc.teaCard("traditional"));
out("tea-champagne.svg", misc.teaCard("champagne"));
out("teacup.svg", misc.teacupArt());
writeFileSync(join(root, "../favicon.svg"), misc.favicon());
