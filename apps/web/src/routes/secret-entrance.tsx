import { TIMERS_MS } from "@tearoom/domain";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import classes from "../features/secret-garden/SecretEntrance.module.css";
import { Seo } from "../features/site/Seo";

/** Added to <body> while the entrance is shown (spec: a special body style), removed on leave. */
export const ENTRANCE_BODY_CLASS = "secret-entrance-active";

const FIREFLIES = Array.from({ length: 18 }, (_, i) => ({
  left: (i * 53) % 100,
  top: 35 + ((i * 37) % 55),
  delay: (i * 0.7) % 5,
  duration: 5 + ((i * 13) % 6),
}));

/**
 * The hidden entrance (spec section 2): the scene appears after 0.5 s, the portal glows on hover,
 * a click fades everything out and 1.5 s later opens the Secret Garden Experience.
 */
export default function SecretEntrancePage() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<"intro" | "idle" | "leaving">("intro");
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    document.body.classList.add(ENTRANCE_BODY_CLASS);
    const intro = setTimeout(() => setPhase((p) => (p === "intro" ? "idle" : p)), TIMERS_MS.secretEntranceIntro);
    return () => {
      document.body.classList.remove(ENTRANCE_BODY_CLASS);
      clearTimeout(intro);
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    };
  }, []);

  const enter = () => {
    if (phase === "leaving") return;
    setPhase("leaving");
    leaveTimer.current = setTimeout(() => navigate("/secret-garden-experience"), TIMERS_MS.secretEntranceExit);
  };

  return (
    <div className={classes.scene} data-phase={phase}>
      <Seo
        title="The Secret Entrance"
        path="/secret-entrance"
        description="A hidden door in the old garden wall leads to the Secret Garden Experience: afternoon tea in a private corner of the gardens."
        noindex
      />
      <img className={classes.backdrop} src="/images/secret-entrance.svg" alt="" width={1600} height={1000} />
      <div className={classes.glowField} aria-hidden="true" />
      <div className={classes.fireflies} aria-hidden="true">
        {FIREFLIES.map((f, i) => (
          <span key={i} style={{ left: `${f.left}%`, top: `${f.top}%`, animationDelay: `${f.delay}s`, animationDuration: `${f.duration}s` }} />
        ))}
      </div>
      <div className={classes.content}>
        <h1 className={classes.title}>The Secret Entrance</h1>
        <p className={classes.whisper}>Beyond the yew hedge, a door you have never noticed…</p>
        <button type="button" className={classes.portal} onClick={enter} disabled={phase === "leaving"}>
          <span className={classes.ring} aria-hidden="true" />
          <span className={classes.ringOuter} aria-hidden="true" />
          <span className={classes.portalText}>Enter the Secret Garden</span>
        </button>
        <Link to="/" className={classes.back}>
          Return to the tearoom
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {phase === "leaving" ? "Opening the Secret Garden…" : ""}
      </p>
    </div>
  );
}
