import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Slider.css";
import { Menu, Popover, Slider } from "@mantine/core";
import { AMBIANCE } from "@tearoom/domain";
import { useEffect, useRef } from "react";
import { SoundButton, VolumeButton } from "./PlayerButtons";
import { SoundIcon } from "./SoundIcon";
import { AMBIANCE_SOUNDS, soundById, type SoundId } from "./sounds";
import classes from "./AmbiancePlayer.module.css";

// The player's Mantine overlays, in a chunk of their own that loads when a visitor first reaches
// for the sound menu or the volume (AmbiancePlayer.tsx): the player itself then starts with no
// long task, and a page that nobody plays with never runs this code.

interface OverlayProps {
  /** Open at once: the visitor pressed the stand-in button while this code was loading. */
  open: boolean;
}

/** Moves focus to the real button when it replaces a stand-in that had focus. */
function useFocusWhenOpened<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  return ref;
}

export function SoundMenu({ open, soundId, onChoose }: OverlayProps & { soundId: SoundId; onChoose: (id: SoundId) => void }) {
  const target = useFocusWhenOpened<HTMLButtonElement>(open);
  return (
    <Menu position="bottom-start" withinPortal={false} shadow="md" width={250} defaultOpened={open}>
      <Menu.Target>
        <SoundButton ref={target} sound={soundById(soundId)} />
      </Menu.Target>
      <Menu.Dropdown className={classes.menu}>
        <Menu.Label>Garden sounds</Menu.Label>
        {AMBIANCE_SOUNDS.map((s) => (
          <Menu.Item
            key={s.id}
            onClick={() => onChoose(s.id)}
            leftSection={<SoundIcon icon={s.icon} />}
            rightSection={s.id === soundId ? <span className={classes.check}>✓</span> : null}
            aria-current={s.id === soundId ? "true" : undefined}
          >
            <span className={classes.menuName}>{s.name}</span>
            <span className={classes.menuDescription}>{s.description}</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function VolumeControl({ open, volume, onChange }: OverlayProps & { volume: number; onChange: (volume: number) => void }) {
  const target = useFocusWhenOpened<HTMLButtonElement>(open);
  return (
    <Popover position="bottom-start" withinPortal={false} shadow="md" trapFocus={false} defaultOpened={open}>
      <Popover.Target>
        <VolumeButton ref={target} volume={volume} />
      </Popover.Target>
      <Popover.Dropdown className={classes.volumePanel}>
        <Slider
          label={null}
          min={AMBIANCE.minVolume}
          max={AMBIANCE.maxVolume}
          step={AMBIANCE.step}
          value={volume}
          onChange={onChange}
          color="sage"
          thumbLabel="Volume"
          w={160}
        />
        <span className={classes.volumeValue}>{volume}</span>
      </Popover.Dropdown>
    </Popover>
  );
}
