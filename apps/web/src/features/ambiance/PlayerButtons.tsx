import type { AmbianceSound } from "@tearoom/domain";
import type { ComponentPropsWithRef } from "react";
import { SoundIcon } from "./SoundIcon";
import classes from "./AmbiancePlayer.module.css";

type ButtonProps = Omit<ComponentPropsWithRef<"button">, "type" | "className" | "children" | "aria-label">;

/** The button that opens the sound menu: the current sound's icon and name. */
export function SoundButton({ sound, ...props }: ButtonProps & { sound: AmbianceSound }) {
  return (
    <button {...props} type="button" className={classes.soundButton} aria-label={`Choose a sound, now ${sound.name}`}>
      <SoundIcon icon={sound.icon} />
      <span className={classes.soundName}>{sound.name}</span>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
        <path d="M2 8l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </button>
  );
}

/** The button that opens the volume slider: a speaker with one wave per half of the range. */
export function VolumeButton({ volume, ...props }: ButtonProps & { volume: number }) {
  return (
    <button {...props} type="button" className={classes.volumeButton} aria-label={`Volume ${volume}`}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        {volume > 0 ? <path d="M16 9a4 4 0 0 1 0 6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
        {volume > 50 ? <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
      </svg>
    </button>
  );
}
