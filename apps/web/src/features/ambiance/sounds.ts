import type { AmbianceSound } from "@tearoom/domain";

/** The garden sounds (spec section 3): our own short loops (R20), served from /audio. */
export const AMBIANCE_SOUNDS: AmbianceSound[] = [
  { id: "birdsong", name: "Birdsong", description: "The morning chorus in the walled garden", icon: "bird", src: "/audio/birdsong-ambient.mp3" },
  { id: "water", name: "Fountain", description: "The stone fountain by the lily pond", icon: "water", src: "/audio/water-fountain.mp3" },
  { id: "breeze", name: "Garden Breeze", description: "Wind through the old beech trees", icon: "leaf", src: "/audio/garden-breeze.mp3" },
  { id: "garden-music", name: "Garden Classical", description: "A gentle minuet for the terrace", icon: "music", src: "/audio/garden-classical.mp3" },
  { id: "none", name: "No Sound", description: "Peace and quiet", icon: "mute", src: "" },
];

export type SoundId = AmbianceSound["id"];

export function soundById(id: SoundId): AmbianceSound {
  return AMBIANCE_SOUNDS.find((s) => s.id === id) ?? AMBIANCE_SOUNDS[0]!;
}
