export default function AmbiancePlayer() { return null; }
