import { AMBIANCE } from "@tearoom/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { SoundButton, VolumeButton } from "./PlayerButtons";
import { soundById, type SoundId } from "./sounds";
import classes from "./AmbiancePlayer.module.css";

const loadOverlays = () => import("./PlayerOverlays");
type Overlays = Awaited<ReturnType<typeof loadOverlays>>;

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
  // The sound menu and the volume slider load on first use (PlayerOverlays.tsx); until then the
  // two controls are plain buttons that look the same. `opening` is the one pressed meanwhile.
  const [overlays, setOverlays] = useState<Overlays | null>(null);
  const [opening, setOpening] = useState<"menu" | "volume" | null>(null);
  const prefetch = () => {
    loadOverlays().catch(() => undefined);
  };
  const openOverlay = (which: "menu" | "volume") => {
    setOpening(which);
    loadOverlays().then(setOverlays, (error: unknown) => {
      console.warn("Garden sounds: the controls could not be loaded", error);
      setOpening(null);
    });
  };

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
      {/* The volume before the sound's name and status, whose width changes with the text: nothing after them can move. */}
      {overlays ? (
        <overlays.VolumeControl open={opening === "volume"} volume={volume} onChange={setVolume} />
      ) : (
        <VolumeButton volume={volume} onClick={() => openOverlay("volume")} onPointerEnter={prefetch} onFocus={prefetch} />
      )}
      <div className={classes.info}>
        {overlays ? (
          <overlays.SoundMenu open={opening === "menu"} soundId={soundId} onChoose={choose} />
        ) : (
          <SoundButton sound={sound} onClick={() => openOverlay("menu")} onPointerEnter={prefetch} onFocus={prefetch} />
        )}
        <span className={classes.status} aria-live="polite">
          {blocked && !playing ? "Click play to start" : playing ? "Now playing" : "Paused"}
        </span>
      </div>
    </aside>
  );
}
