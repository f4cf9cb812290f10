// A short, quiet two-note sound for a notification (issue 25: "an optional sound"), made with
// Web Audio so no sound file is shipped or fetched. Browsers allow audio only after the user
// has interacted with the page; before that the context stays suspended and nothing plays.
let context: AudioContext | null = null;

export function chime(): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      const t0 = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.08, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.3);
    }
  } catch {
    // no audio on this device: the toast says it
  }
}
