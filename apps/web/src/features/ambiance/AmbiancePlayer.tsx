import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Slider.css";
import { Menu, Popover, Slider } from "@mantine/core";
import { AMBIANCE } from "@tearoom/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { SoundIcon } from "./SoundIcon";
import { AMBIANCE_SOUNDS, soundById, type SoundId } from "./sounds";
import classes from "./AmbiancePlayer.module.css";

/**
 * The floating garden-sound player (spec sections 2, 4, 9): starts on birdsong at volume 50 and
 * tries to play at once; if the browser blocks autoplay it stays paused with "Click play to
 * start". "No Sound" stops playback; play while "No Sound" is chosen switches to birdsong.
 */
export default function AmbiancePlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [soundId, setSoundId] = useState<SoundId>(AMBIANCE.defaultSound);
  const [playing, setPlaying] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [volume, setVolume] = useState<number>(AMBIANCE.defaultVolume);

  const play = useCallback((id: SoundId, { autoplay = false } = {}) => {
    const audio = audioRef.current;
    if (!audio) return;
    const sound = soundById(id);
    if (!sound.src) {
      audio.pause();
      setPlaying(false);
      return;
    }
    if (!audio.src.endsWith(sound.src)) audio.src = sound.src;
    audio.loop = true;
    audio.play().then(
      () => {
        setPlaying(true);
        setBlocked(false);
      },
      (error: unknown) => {
        // Autoplay blocked or the file failed: logged, and the player shows paused (spec section 8).
        console.warn(autoplay ? "Garden sounds: autoplay was blocked" : "Garden sounds: playback failed", error);
        setPlaying(false);
        if (autoplay) setBlocked(true);
      },
    );
  }, []);

  useEffect(() => {
    const audio = new Audio();
    audio.preload = "none";
    audio.loop = true;
    audio.volume = AMBIANCE.defaultVolume / 100;
    audioRef.current = audio;
    const onPause = () => setPlaying(false);
    const onPlay = () => setPlaying(true);
    const onError = () => {
      console.warn("Garden sounds: the audio file could not be played", audio.error);
      setPlaying(false);
    };
    audio.addEventListener("pause", onPause);
    audio.addEventListener("play", onPlay);
    audio.addEventListener("error", onError);
    play(AMBIANCE.defaultSound, { autoplay: true });
    return () => {
      audio.pause();
      audio.removeEventListener("pause", onPause);
      audio.removeEventListener("play", onPlay);
      audio.removeEventListener("error", onError);
      audio.removeAttribute("src");
      audioRef.current = null;
    };
  }, [play]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume / 100;
  }, [volume]);

  const togglePlay = () => {
    if (playing) {
      audioRef.current?.pause();
      setPlaying(false);
      return;
    }
    const id = soundId === "none" ? AMBIANCE.defaultSound : soundId;
    if (id !== soundId) setSoundId(id);
    play(id);
  };

  const choose = (id: SoundId) => {
    setSoundId(id);
    setBlocked(false);
    play(id);
  };

  const sound = soundById(soundId);
  return (
    <aside className={classes.player} aria-label="Garden sounds" data-no-print>
      <button
        type="button"
        className={classes.play}
        onClick={togglePlay}
        aria-label={playing ? "Pause garden sounds" : "Play garden sounds"}
        data-playing={playing || undefined}
      >
        {playing ? (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
            <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5z" fill="currentColor" />
          </svg>
        )}
      </button>
      <div className={classes.info}>
        <Menu position="top-start" withinPortal={false} shadow="md" width={250}>
          <Menu.Target>
            <button type="button" className={classes.soundButton} aria-label={`Choose a sound, now ${sound.name}`}>
              <SoundIcon icon={sound.icon} />
              <span className={classes.soundName}>{sound.name}</span>
              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
                <path d="M2 8l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </button>
          </Menu.Target>
          <Menu.Dropdown className={classes.menu}>
            <Menu.Label>Garden sounds</Menu.Label>
            {AMBIANCE_SOUNDS.map((s) => (
              <Menu.Item
                key={s.id}
                onClick={() => choose(s.id)}
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
        <span className={classes.status} aria-live="polite">
          {blocked && !playing ? "Click play to start" : playing ? "Now playing" : "Paused"}
        </span>
      </div>
      <Popover position="top-end" withinPortal={false} shadow="md" trapFocus={false}>
        <Popover.Target>
          <button type="button" className={classes.volumeButton} aria-label={`Volume ${volume}`}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
              {volume > 0 ? <path d="M16 9a4 4 0 0 1 0 6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
              {volume > 50 ? <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
            </svg>
          </button>
        </Popover.Target>
        <Popover.Dropdown className={classes.volumePanel}>
          <Slider
            label={null}
            min={AMBIANCE.minVolume}
            max={AMBIANCE.maxVolume}
            step={AMBIANCE.step}
            value={volume}
            onChange={setVolume}
            color="sage"
            thumbLabel="Volume"
            w={160}
          />
          <span className={classes.volumeValue}>{volume}</span>
        </Popover.Dropdown>
      </Popover>
    </aside>
  );
}
